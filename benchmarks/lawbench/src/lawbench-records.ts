import { access } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DatasetError,
  type Instance,
  readJsonArray,
  readJsonl,
  type SourcedRecord,
} from '@forge/program';
import { pythonStrip } from '@forge/python-compat';
import { z } from 'zod';

/** The three Meta-Harness crime-prediction split files. */
export const lawbenchSplitFiles = {
  train: 'train.jsonl',
  validation: 'val.jsonl',
  test: 'test.jsonl',
} as const;

/** A LawBench 3-3 record (the same shape in `data/zero_shot/3-3.json` and the Meta-Harness files). */
export const lawbenchRowSchema = z.object({
  instruction: z.string().optional(),
  question: z.string().min(1),
  answer: z.string().min(1),
});

/**
 * The gold target as Meta-Harness `_load_lawbench` builds it: the text after the last `罪名:`,
 * stripped (the whole answer when it has no `罪名:`), e.g. `"盗窃;诈骗"`.
 */
export function lawbenchTarget(answer: string): string {
  return answer.includes('罪名:') ? pythonStrip(answer.split('罪名:').at(-1) as string) : answer;
}

/**
 * Reads LawBench 3-3 records from a JSONL file (the Meta-Harness split files) or a JSON array
 * (LawBench's own `3-3.json`), chosen by extension.
 *
 * @throws DatasetError naming the file, line and field of a bad record.
 */
export async function readLawbenchFile(
  file: string,
): Promise<SourcedRecord<z.infer<typeof lawbenchRowSchema>>[]> {
  return file.endsWith('.json')
    ? readJsonArray(file, lawbenchRowSchema)
    : readJsonl(file, lawbenchRowSchema);
}

/**
 * Reads one split file in file order. The fact text (`question`, starting `事实:`) is the input
 * `fact`; the gold `charges` are the target split on `;`. Ids are `lawbench-<file stem>-<line>`.
 *
 * @throws DatasetError naming the file, line and field of a bad record.
 */
export async function loadLawbenchSplit(
  dataDir: string,
  split: keyof typeof lawbenchSplitFiles,
): Promise<Instance[]> {
  const name = lawbenchSplitFiles[split];
  const file = join(dataDir, name);
  try {
    await access(file);
  } catch {
    throw new DatasetError({ file, message: 'file not found (run `forge data pull lawbench`)' });
  }
  const stem = name.replace('.jsonl', '');
  return (await readLawbenchFile(file)).map(({ line, value }) => {
    const target = lawbenchTarget(value.answer);
    if (target === '') {
      throw new DatasetError({
        file,
        line,
        field: 'answer',
        message: 'names no charge after "罪名:"',
      });
    }
    return {
      id: `lawbench-${stem}-${line}`,
      input: { fact: value.question },
      gold: { charges: target.split(';') },
      metadata: { source: 'meta-harness/crime_prediction', file, line },
    };
  });
}
