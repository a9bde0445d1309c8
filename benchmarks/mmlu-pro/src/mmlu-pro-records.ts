import type { Instance } from '@forge/program';
import { DatasetError, readHubRecords } from '@forge/program';
import { z } from 'zod';

/** File (without extension) holding the official `test` split (12,032 rows). */
export const testFileName = 'test';
/** File (without extension) holding the official `validation` split (70 rows). */
export const validationFileName = 'validation';

/** A row of `TIGER-Lab/MMLU-Pro`. */
export const mmluProRowSchema = z.object({
  question_id: z.number().int(),
  question: z.string().min(1),
  options: z.array(z.string()).min(1).max(10),
  answer: z.string().regex(/^[A-J]$/, 'must be one letter A–J'),
  answer_index: z.number().int().min(0).max(9),
  cot_content: z.string().nullish(),
  category: z.string().min(1),
  src: z.string().nullish(),
});

/** MMLU-Pro instances in file order. */
export interface MmluProRecords {
  /** The official test split: the pool train and test are sampled from. */
  readonly testPool: readonly Instance[];
  /** The official validation split, used whole as validation. */
  readonly validation: readonly Instance[];
}

/**
 * Reads both official splits from `dataDir`. Options equal to "N/A" are dropped, as the
 * official `preprocess` does; instance ids are `mmlu-pro-<question_id>`.
 *
 * @throws DatasetError naming the file, line and field of a bad record.
 */
export async function loadMmluProRecords(dataDir: string): Promise<MmluProRecords> {
  return {
    testPool: await loadSplit(dataDir, testFileName),
    validation: await loadSplit(dataDir, validationFileName),
  };
}

async function loadSplit(dataDir: string, name: string): Promise<Instance[]> {
  const { file, records } = await readHubRecords(
    dataDir,
    name,
    mmluProRowSchema,
    'run `forge data pull mmlu-pro`',
  );
  const seen = new Set<number>();
  return records.map(({ line, value }) => {
    if (seen.has(value.question_id)) {
      throw new DatasetError({
        file,
        line,
        field: 'question_id',
        message: `duplicate question_id ${value.question_id}`,
      });
    }
    seen.add(value.question_id);
    return {
      id: `mmlu-pro-${value.question_id}`,
      input: {
        question: value.question,
        options: value.options.filter((option) => option !== 'N/A'),
        category: value.category,
      },
      gold: { answer: value.answer },
      metadata: {
        source: 'TIGER-Lab/MMLU-Pro',
        file,
        line,
        question_id: value.question_id,
        ...(value.src == null ? {} : { src: value.src }),
      },
    };
  });
}
