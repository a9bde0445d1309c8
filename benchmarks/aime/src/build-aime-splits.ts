import type { Instance, Splits } from '@forge/program';
import { PythonRandom } from '@forge/python-compat';
import type { AimeRecords } from './aime-records.js';

/** The seed the GEPA artifact's `AIMEBench` shuffles the 2022–2024 pool with (Table 5). */
export const aimeSplitSeed = 0;

/**
 * Table 5: `random.Random(0).shuffle` the 2022–2024 problems in the hub's row order, then the
 * first `int(0.5 · n)` are train and the rest validation (45/45); test is the 2025 problems in
 * row order. Repeating each test problem three times is `testRepeats`, not extra instances.
 */
export function buildAimeSplits(records: AimeRecords, seed = aimeSplitSeed): Splits {
  const shuffled: Instance[] = [...records.pool];
  new PythonRandom(seed).shuffle(shuffled);
  const half = Math.floor(0.5 * shuffled.length);
  return {
    train: shuffled.slice(0, half),
    validation: shuffled.slice(half),
    test: [...records.test],
  };
}
