import { isFinishedCell, type SuiteCellResult } from './suite-cell-result.js';
import { SuiteResultsError } from './suite-error.js';
import type { SuiteResults } from './suite-results.js';
import { summarizeSuite } from './suite-summary.js';

const rank = { done: 2, stopped: 2, failed: 1, pending: 0 } as const;

/**
 * Combines the results of shards of one suite: for every cell, the finished result (`done` or
 * `stopped`; a cell finished on two shards must have the same result), else a failed one, else
 * pending. Cells keep the order
 * of the first shard's document, which is the plan's.
 *
 * @throws SuiteResultsError when the shards come from different suites, or disagree on a cell.
 */
export function mergeSuiteResults(
  shards: readonly { readonly file: string; readonly results: SuiteResults }[],
): SuiteResults {
  const [first, ...rest] = shards;
  if (first === undefined) {
    throw new SuiteResultsError({ file: '<merge>', message: 'give at least one shard' });
  }
  for (const shard of rest) {
    if (shard.results.suite.digest !== first.results.suite.digest) {
      throw new SuiteResultsError({
        file: shard.file,
        field: 'suite.digest',
        message: `comes from another suite than ${first.file} (its config differs); merge only shards of one suite`,
      });
    }
  }
  const merged = new Map<string, { file: string; result: SuiteCellResult }>();
  for (const shard of shards) {
    for (const result of shard.results.cells) {
      const current = merged.get(result.id);
      if (current === undefined || rank[result.status] > rank[current.result.status]) {
        merged.set(result.id, { file: shard.file, result });
        continue;
      }
      if (
        isFinishedCell(result) &&
        isFinishedCell(current.result) &&
        JSON.stringify(result) !== JSON.stringify(current.result)
      ) {
        throw new SuiteResultsError({
          file: shard.file,
          cellId: result.id,
          message: `is ${result.status} here and ${current.result.status} in ${current.file} with different results; keep one of the two runs`,
        });
      }
    }
  }
  const order = first.results.cells.map((cell) => cell.id);
  for (const id of merged.keys()) if (!order.includes(id)) order.push(id);
  const cells = order.map((id) => (merged.get(id) as { result: SuiteCellResult }).result);
  return {
    ...first.results,
    simulated: cells.some((cell) => cell.simulated),
    cells,
    summary: summarizeSuite(cells),
  };
}
