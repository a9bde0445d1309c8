import type { SuiteCell } from './suite-cell.js';
import { isFinishedCell, type SuiteCellResult } from './suite-cell-result.js';

/**
 * B.4's rule: the ceiling of every other method of a row is the reference's *completed* count,
 * the evaluations a finished Forge run reports. Undefined until the reference finished — `done`,
 * or `stopped` by a cap (whether its truncated count may serve is `cellReadiness`'s decision).
 */
export function ceilingFromReference(reference: SuiteCellResult | undefined): number | undefined {
  return reference !== undefined && isFinishedCell(reference) && reference.evaluationsUsed !== null
    ? reference.evaluationsUsed
    : undefined;
}

/** What `cellReadiness` allows. */
export interface CellReadinessOptions {
  /**
   * Run a cell whose ceiling (or augmented data) comes from a dependency that `stopped` at a cap
   * — the suite's `allowTruncatedCeilings`. Default false: such a cell is refused.
   */
  readonly allowTruncatedCeilings?: boolean;
}

/** Whether a cell can start, given the results so far. */
export type CellReadiness =
  | {
      readonly ready: true;
      /** Its ceiling (null: none; run under the suite's cap). */
      readonly ceiling: number | null;
      /** Dependencies that stopped at a cap (allowed by `allowTruncatedCeilings`): the cell is flagged. */
      readonly stoppedDependencies?: readonly string[];
    }
  | {
      readonly ready: false;
      /** Dependencies not finished yet. */
      readonly waitingFor: readonly string[];
      /** Set when a dependency failed: the cell cannot run until that one is fixed and rerun. */
      readonly blockedBy?: string;
      /**
       * Set when a dependency stopped at a cap and the suite does not allow truncated ceilings:
       * the cell is refused (it would run under a truncated run's count, or learn from its data).
       */
      readonly refusedBy?: string;
    };

/** Decides whether a cell can start and under which ceiling. */
export function cellReadiness(
  cell: SuiteCell,
  results: ReadonlyMap<string, SuiteCellResult>,
  options: CellReadinessOptions = {},
): CellReadiness {
  const waiting = cell.dependsOn.filter((id) => !isFinishedCell(results.get(id)));
  if (waiting.length > 0) {
    const failed = waiting.find((id) => results.get(id)?.status === 'failed');
    return {
      ready: false,
      waitingFor: waiting,
      ...(failed === undefined ? {} : { blockedBy: failed }),
    };
  }
  const stopped = cell.dependsOn.filter((id) => results.get(id)?.status === 'stopped');
  if (stopped.length > 0 && options.allowTruncatedCeilings !== true) {
    return { ready: false, waitingFor: [], refusedBy: stopped[0] as string };
  }
  const flag = stopped.length === 0 ? {} : { stoppedDependencies: stopped };
  if (cell.ceilingFrom === null) return { ready: true, ceiling: null, ...flag };
  const ceiling = ceilingFromReference(results.get(cell.ceilingFrom));
  return ceiling === undefined
    ? { ready: false, waitingFor: [cell.ceilingFrom] }
    : { ready: true, ceiling, ...flag };
}

/** True when a finished cell spent more than its ceiling. */
export function exceedsCeiling(ceiling: number | null, evaluationsUsed: number | null): boolean {
  return ceiling !== null && evaluationsUsed !== null && evaluationsUsed > ceiling;
}
