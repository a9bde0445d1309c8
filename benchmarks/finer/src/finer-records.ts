import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { DatasetError, type Instance, readJsonl } from '@forge/program';
import { z } from 'zod';

/** The three Meta-Harness split files, in the order `forge data pull finer` lists them. */
export const finerSplitFiles = {
  train: 'train.jsonl',
  validation: 'val.jsonl',
  test: 'test.jsonl',
} as const;

/** A line of the Meta-Harness FiNER files. */
export const finerRowSchema = z.object({
  question: z.string().min(1),
  target: z.string().min(1),
  context: z.string().optional(),
});

const questionPattern = /^What is best tag for entity "([\s\S]*?)" in sentence: "([\s\S]*)"$/;

/** Renders the question the way the Meta-Harness files phrase it. */
export function finerQuestion(entity: string, sentence: string): string {
  return `What is best tag for entity "${entity}" in sentence: "${sentence}"`;
}

/**
 * Reads one split file in file order. Each question is split into its `entity` and `sentence`
 * (the synthesis signature's inputs); `finerQuestion` rebuilds it exactly. Ids are
 * `finer-<file stem>-<line>` (`finer-val-3`).
 *
 * @throws DatasetError naming the file, line and field of a bad record.
 */
export async function loadFinerSplit(
  dataDir: string,
  split: keyof typeof finerSplitFiles,
): Promise<Instance[]> {
  const name = finerSplitFiles[split];
  const file = join(dataDir, name);
  try {
    await access(file);
  } catch {
    throw new DatasetError({ file, message: 'file not found (run `forge data pull finer`)' });
  }
  const records = await readJsonl(file, finerRowSchema);
  const stem = name.replace('.jsonl', '');
  return records.map(({ line, value }) => {
    const match = questionPattern.exec(value.question);
    if (!match) {
      throw new DatasetError({
        file,
        line,
        field: 'question',
        message: 'expected `What is best tag for entity "<entity>" in sentence: "<sentence>"`',
      });
    }
    return {
      id: `finer-${stem}-${line}`,
      input: { entity: match[1] as string, sentence: match[2] as string },
      gold: { label: value.target },
      metadata: { source: 'meta-harness/finer', file, line },
    };
  });
}
