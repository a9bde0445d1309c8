import { join } from 'node:path';
import type { Instance, Splits } from '@forge/program';
import { recordToInstance } from '../benchmark/ifbench-instances.js';
import { TEST_FILE, TRAIN_FILE } from './ifbench-files.js';
import { assertConstraintsBuild, readIfbenchFile } from './read-ifbench-file.js';
import { splitTrainingRows } from './split-training-rows.js';

/** Options of `loadIfbenchSplits`. */
export interface LoadIfbenchSplitsOptions {
  /** Directory holding IFBench_test.jsonl and IFBench_train.jsonl. */
  readonly dataDir: string;
  /** Number of contiguous training segments (the paper: 150). */
  readonly segments?: number;
  /** Seed of the `random.Random` stream that samples the rows (the paper: 1). */
  readonly seed?: number;
}

/**
 * The paper's splits: two rows sampled per training segment (one to train, one to
 * validation), and every row of the fixed test file.
 *
 * @throws DatasetError when a file is missing or malformed, or a row in use has constraints
 *   that cannot be built.
 */
export async function loadIfbenchSplits(options: LoadIfbenchSplitsOptions): Promise<Splits> {
  const trainPath = join(options.dataDir, TRAIN_FILE.path);
  const testPath = join(options.dataDir, TEST_FILE.path);
  // Only the sampled training rows are used, so only theirs must build (the test file: all).
  const trainRows = await readIfbenchFile(trainPath, { checkConstraints: false });
  const testRows = await readIfbenchFile(testPath);
  const { train, validation } = splitTrainingRows(
    trainRows.length,
    options.segments ?? 150,
    options.seed ?? 1,
  );
  const pick = (rows: readonly number[], split: string): Instance[] =>
    rows.map((row, segment) => {
      const record = trainRows[row] as (typeof trainRows)[number];
      assertConstraintsBuild(trainPath, record);
      const { line, value } = record;
      return recordToInstance(value, `ifbench-${split}-${line}`, {
        file: TRAIN_FILE.path,
        line,
        segment,
      });
    });
  return {
    train: pick(train, 'train'),
    validation: pick(validation, 'val'),
    test: testRows.map(({ line, value }) =>
      recordToInstance(value, `ifbench-test-${String(value.key)}`, { file: TEST_FILE.path, line }),
    ),
  };
}
