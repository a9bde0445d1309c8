import type { SuiteCell } from './suite-cell.js';

/**
 * The fields that say which run a cell is — its id, benchmark, method, models, seed and arm —
 * which a cell's result (`SuiteCellResult`) repeats and a cell's plan adds to.
 */
export type SuiteCellIdentity = Pick<
  SuiteCell,
  'id' | 'benchmark' | 'method' | 'taskModel' | 'optimizerModel' | 'seed' | 'arm'
>;

/**
 * A cell's identity fields as a new plain object, and nothing else: the start of its result, or
 * of a copy of it to compare field for field (a cell read from a queue may carry more).
 */
export function cellIdentity(cell: SuiteCellIdentity): SuiteCellIdentity {
  return {
    id: cell.id,
    benchmark: cell.benchmark,
    method: cell.method,
    taskModel: cell.taskModel,
    optimizerModel: cell.optimizerModel,
    seed: cell.seed,
    arm: cell.arm,
  };
}
