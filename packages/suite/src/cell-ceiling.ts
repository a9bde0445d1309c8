import type { SuiteCell } from './suite-cell.js';
import type { SuiteCellResult } from './suite-cell-result.js';

/**
 * B.4's rule: the ceiling of every other method of a row is the reference's *completed* count,
 * the evaluations a finished Forge run reports. Undefined until the reference is done.
 */
export function ceilingFromReference(reference: SuiteCellResult | undefined): number | undefined {
  return reference?.status === 'done' && reference.evaluationsUsed !== null
    ? reference.evaluationsUsed
    : undefined;
}

/** Whether a cell can start, given the results so far. */
export type CellReadiness =
  | {
      readonly ready: true;
      /** Its ceiling (null: none; run under the suite's cap). */
      readonly ceiling: number | null;
    }
  | {
      readonly ready: false;
      /** Dependencies not done yet. */
      readonly waitingFor: readonly string[];
      /** Set when a dependency failed: the cell cannot run until that one is fixed and rerun. */
      readonly blockedBy?: string;
    };

/** Decides whether a cell can start and under which ceiling. */
export function cellReadiness(
  cell: SuiteCell,
  results: ReadonlyMap<string, SuiteCellResult>,
): CellReadiness {
  const waiting = cell.dependsOn.filter((id) => results.get(id)?.status !== 'done');
  if (waiting.length > 0) {
    const failed = waiting.find((id) => results.get(id)?.status === 'failed');
    return {
      ready: false,
      waitingFor: waiting,
      ...(failed === undefined ? {} : { blockedBy: failed }),
    };
  }
  if (cell.ceilingFrom === null) return { ready: true, ceiling: null };
  const ceiling = ceilingFromReference(results.get(cell.ceilingFrom));
  return ceiling === undefined
    ? { ready: false, waitingFor: [cell.ceilingFrom] }
    : { ready: true, ceiling };
}

/** True when a finished cell spent more than its ceiling. */
export function exceedsCeiling(ceiling: number | null, evaluationsUsed: number | null): boolean {
  return ceiling !== null && evaluationsUsed !== null && evaluationsUsed > ceiling;
}
