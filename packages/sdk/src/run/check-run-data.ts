import { checkProgramData } from '@forge/program';
import type { PreparedRun } from './prepare-run.js';

/**
 * Stage 3 of `optimize`, before any model is resolved or called: every instance of the train
 * (with the extra training data), validation and test splits is checked against the program's
 * input and gold schemas (a typed program's, or a zod signature's), and every problem is listed
 * at once with its split, index, id, field and — for data read from files — file and line.
 *
 * @throws DataCheckError (exit 2 in the CLI)
 */
export function checkRunData(prepared: Pick<PreparedRun, 'benchmark' | 'splits' | 'id'>): void {
  checkProgramData({
    program: prepared.benchmark.program,
    signature: prepared.benchmark.signature,
    splits: {
      train: prepared.splits.train,
      validation: prepared.splits.validation,
      test: prepared.splits.test,
    },
    subject: `the data of ${prepared.id}`,
  });
}
