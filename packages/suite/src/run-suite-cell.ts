import { type CellReadiness, exceedsCeiling } from './cell-ceiling.js';
import type { SuiteCell } from './suite-cell.js';
import { pendingResult, type SuiteCellResult } from './suite-cell-result.js';
import { describeCellStop } from './suite-cell-stop.js';

/** What a cell runner gets besides the cell and its ceiling. */
export interface CellRunContext {
  /** The cell's run directory, relative to the suite directory. */
  readonly runDir: string;
  /** Every result so far (dependencies are done): the transfer source's, for one. */
  readonly results: ReadonlyMap<string, SuiteCellResult>;
  /** Graceful stop: finish the current unit of work, save, and return a `pending` result. */
  readonly stopSignal?: AbortSignal;
}

/**
 * Runs one cell and returns its result: `done`, `failed` with the error, or `pending` when a
 * stop request ended it part-way (a later call continues it). The suite's only effect.
 */
export type CellRunner = (
  cell: SuiteCell,
  ceiling: number | null,
  context: CellRunContext,
) => Promise<SuiteCellResult>;

/** Options of `runSuiteCell`. */
export interface RunSuiteCellOptions {
  /** The cell, ready to run (its dependencies done). */
  readonly cell: SuiteCell;
  /** Its B.4 ceiling (`cellReadiness(...).ceiling`). */
  readonly ceiling: number | null;
  /** Dependencies that stopped at a cap, run anyway (`cellReadiness(...).stoppedDependencies`): recorded on the result. */
  readonly stoppedDependencies?: readonly string[];
  /** Its run directory relative to the suite directory. */
  readonly runDir: string;
  /** Every result known (its dependencies' among them). */
  readonly results: ReadonlyMap<string, SuiteCellResult>;
  /** Runs it. */
  readonly runCell: CellRunner;
  /** Graceful stop, passed to the runner. */
  readonly stopSignal?: AbortSignal;
  /**
   * Errors that are not the cell's failure (another process holds its run directory): they are
   * thrown on to the caller instead of making the cell `failed`.
   */
  readonly passThrough?: (error: unknown) => boolean;
}

/**
 * Runs one ready cell the way every suite does — on one machine or on a queue's worker — so
 * both record the same result: a runner's error makes the cell `failed` with its message, and
 * the suite, not the runner, records the ceiling, whether it was exceeded, and the directory.
 */
export async function runSuiteCell(options: RunSuiteCellOptions): Promise<SuiteCellResult> {
  const { cell, ceiling, runDir } = options;
  let result: SuiteCellResult;
  try {
    result = await options.runCell(cell, ceiling, {
      runDir,
      results: options.results,
      ...(options.stopSignal === undefined ? {} : { stopSignal: options.stopSignal }),
    });
  } catch (error) {
    if (options.passThrough?.(error) === true) throw error;
    result = {
      ...pendingResult(cell, runDir),
      status: 'failed',
      error: error instanceof Error ? error.message : String(error),
    };
  }
  const stoppedDependencies = options.stoppedDependencies ?? [];
  return {
    ...result,
    ceiling,
    exceededCeiling: exceedsCeiling(ceiling, result.evaluationsUsed),
    runDir,
    ...(stoppedDependencies.length === 0 ? {} : { stoppedDependencies }),
  };
}

/**
 * The result of a cell that cannot start yet: `pending`, saying what it waits for, which failed
 * dependency blocks it (a failed reference blocks its whole row until it is rerun), or which
 * dependency's cap refuses it (its ceiling would be a truncated run's count).
 */
export function heldBackResult(
  cell: SuiteCell,
  readiness: Extract<CellReadiness, { ready: false }>,
  runDir: string,
  previous: SuiteCellResult | undefined,
  results?: ReadonlyMap<string, SuiteCellResult>,
): SuiteCellResult {
  const reason =
    readiness.refusedBy !== undefined
      ? refusalReason(cell, readiness.refusedBy, results?.get(readiness.refusedBy))
      : readiness.blockedBy === undefined
        ? `waiting for ${readiness.waitingFor.join(', ')}`
        : `blocked: ${readiness.blockedBy} failed; fix it and resume the suite`;
  const { stoppedDependencies: _earlier, ...base } = previous ?? pendingResult(cell, runDir);
  return {
    ...base,
    status: 'pending',
    error: reason,
    ...(readiness.refusedBy === undefined ? {} : { stoppedDependencies: [readiness.refusedBy] }),
  };
}

/**
 * Why a cell is refused: `refused: its ceiling would come from <id>, stopped by the optimizer
 * cost cap ($200) at 119 evaluations; …` and the two ways on.
 */
export function refusalReason(
  cell: SuiteCell,
  dependency: string,
  result: SuiteCellResult | undefined,
): string {
  const what =
    cell.ceilingFrom === dependency
      ? cell.trainingFrom === dependency
        ? 'its ceiling and its augmented training data would come from'
        : 'its ceiling would come from'
      : 'its augmented training data would come from';
  const stop = result?.stop === undefined ? 'stopped at a cap' : describeCellStop(result.stop);
  return `refused: ${what} ${dependency}, ${stop}, not a finished run; raise the cap in a new suite directory, or set alignment.allowTruncatedCeilings: true and resume (the cell is then flagged)`;
}
