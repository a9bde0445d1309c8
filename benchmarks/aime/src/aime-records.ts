import type { Instance } from '@forge/program';
import { DatasetError, readHubRecords } from '@forge/program';
import { z } from 'zod';
import { parsePythonInt } from './python-int.js';

/** File (without extension) holding `AI-MO/aimo-validation-aime`, split `train` (90 rows). */
export const aimoFileName = 'aimo-validation-aime';
/** File (without extension) holding `MathArena/aime_2025`, split `train` (30 rows). */
export const aime2025FileName = 'aime_2025';

const pullHint = 'run `forge data pull aime`';

// The reference calls int() on gold answers; the hub stores them as strings (AIMO) or integers
// (MathArena's sibling sets), so both are accepted and checked here, at the boundary.
const goldAnswer = z.union([z.string(), z.number().int()]).transform((value, context) => {
  const parsed = parsePythonInt(String(value));
  const limit = BigInt(Number.MAX_SAFE_INTEGER);
  if (!parsed.ok || parsed.value > limit || parsed.value < -limit) {
    context.addIssue({ code: 'custom', message: `not an integer: ${JSON.stringify(value)}` });
    return z.NEVER;
  }
  return Number(parsed.value);
});

/** A row of `AI-MO/aimo-validation-aime`. */
export const aimoRowSchema = z.object({
  id: z.number().int(),
  problem: z.string().min(1),
  solution: z.string().optional(),
  answer: goldAnswer,
  url: z.string().optional(),
});

/** A row of `MathArena/aime_2025`. */
export const aime2025RowSchema = z.object({
  problem_idx: z.number().int(),
  problem: z.string().min(1),
  answer: goldAnswer,
});

/** The AIME instances in file order: the 2022–2024 pool and the 2025 test problems. */
export interface AimeRecords {
  /** The 90 AIME 2022–2024 problems, in the hub's row order. */
  readonly pool: readonly Instance[];
  /** The 30 AIME 2025 problems, in the hub's row order. */
  readonly test: readonly Instance[];
}

/**
 * Reads both AIME files from `dataDir`. Instances carry `problem` as input and the integer
 * `answer` as gold; the worked solution (train/validation only) travels in `metadata.solution`
 * for feedback.
 *
 * @throws DatasetError naming the file, line and field of a bad record.
 */
export async function loadAimeRecords(dataDir: string): Promise<AimeRecords> {
  const aimo = await readHubRecords(dataDir, aimoFileName, aimoRowSchema, pullHint);
  const pool = aimo.records.map(({ line, value }) => ({
    id: `aimo-${value.id}`,
    input: { problem: value.problem },
    gold: { answer: value.answer },
    metadata: {
      source: 'AI-MO/aimo-validation-aime',
      file: aimo.file,
      line,
      ...(value.url === undefined ? {} : { url: value.url }),
      ...(value.solution === undefined ? {} : { solution: value.solution }),
    },
  }));
  const arena = await readHubRecords(dataDir, aime2025FileName, aime2025RowSchema, pullHint);
  const test = arena.records.map(({ line, value }) => ({
    id: `aime2025-${value.problem_idx}`,
    input: { problem: value.problem },
    gold: { answer: value.answer },
    metadata: { source: 'MathArena/aime_2025', file: arena.file, line },
  }));
  rejectDuplicates(pool, aimo.file, 'id');
  rejectDuplicates(test, arena.file, 'problem_idx');
  return { pool, test };
}

function rejectDuplicates(instances: readonly Instance[], file: string, field: string): void {
  const seen = new Set<string>();
  for (const [index, instance] of instances.entries()) {
    if (seen.has(instance.id)) {
      const line = (instance.metadata?.['line'] as number | undefined) ?? index + 1;
      throw new DatasetError({ file, line, field, message: `duplicate id ${instance.id}` });
    }
    seen.add(instance.id);
  }
}
