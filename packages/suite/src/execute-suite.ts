import { cellReadiness } from './cell-ceiling.js';
import { type CellRunner, heldBackResult, runSuiteCell } from './run-suite-cell.js';
import type { SuiteCell } from './suite-cell.js';
import { isFinishedCell, type SuiteCellResult } from './suite-cell-result.js';
import type { SuiteEvent, SuiteProgress } from './suite-event.js';

/** Options of `executeSuite`. */
export interface ExecuteSuiteOptions {
  /** The cells to visit, dependencies first (`selectCells(plan, …).cells`). */
  readonly cells: readonly SuiteCell[];
  /** Results already known (a resumed suite); done cells are never run again. */
  readonly previous?: ReadonlyMap<string, SuiteCellResult>;
  /** Cells added by the selection as dependencies (reported in `suite-start`). */
  readonly addedDependencies?: readonly string[];
  /** Cells in the whole plan (reported in `suite-start`). */
  readonly total?: number;
  /** Runs a cell. */
  readonly runCell: CellRunner;
  /** A cell's run directory relative to the suite directory. Default `cells/<id>`. */
  readonly runDirOf?: (cell: SuiteCell) => string;
  /** Called after every cell with its result and all results, before the next cell starts (persist here). */
  readonly onResult?: (
    result: SuiteCellResult,
    results: ReadonlyMap<string, SuiteCellResult>,
  ) => void | Promise<void>;
  /** Progress events. */
  readonly onEvent?: (event: SuiteEvent) => void;
  /** Graceful stop: no new cell starts; the running cell is asked to stop too. */
  readonly stopSignal?: AbortSignal;
  /**
   * Run a cell whose ceiling (or augmented data) comes from a dependency that `stopped` at a cap,
   * flagging it (`stoppedDependencies`). Default false: such a cell is refused (`refused`).
   */
  readonly allowTruncatedCeilings?: boolean;
}

/** A cell refused because a dependency stopped at a cap. */
export interface RefusedCell {
  /** The refused cell. */
  readonly cell: string;
  /** The dependency (its ceiling's reference, or its data's source) that stopped. */
  readonly dependency: string;
}

/** What an invocation ended with. */
export interface ExecuteSuiteResult {
  /** Every result known now (the previous ones and this invocation's), by cell id. */
  readonly results: ReadonlyMap<string, SuiteCellResult>;
  /** Cells run by this invocation, in order. */
  readonly ran: readonly string[];
  /** True when a stop request ended it early. */
  readonly stopped: boolean;
  /** Cells held back because a dependency stopped at a cap (none when `allowTruncatedCeilings`). */
  readonly refused: readonly RefusedCell[];
}

/** The default directory of a cell under the suite directory. */
export function defaultCellRunDir(cell: SuiteCell): string {
  return `cells/${cell.id}`;
}

/**
 * Runs cells one after another in the given order (dependencies first): skips finished ones
 * (`done` or `stopped`), holds back cells whose dependencies are not finished (a failed
 * reference blocks its row; a reference stopped at a cap refuses it, unless
 * `allowTruncatedCeilings`), computes each aligned cell's ceiling from its reference's result
 * (B.4), and records whether the method stayed within it. The runner is injected; this function
 * touches nothing else.
 */
export async function executeSuite(options: ExecuteSuiteOptions): Promise<ExecuteSuiteResult> {
  const results = new Map(options.previous ?? []);
  const runDirOf = options.runDirOf ?? defaultCellRunDir;
  const emit = (event: SuiteEvent) => options.onEvent?.(event);
  const ids = new Set(options.cells.map((cell) => cell.id));
  const progress = (): SuiteProgress => {
    let done = 0;
    let capped = 0;
    let spentUsd = 0;
    for (const id of ids) {
      const result = results.get(id);
      if (result?.status === 'done') done += 1;
      if (result?.status === 'stopped') capped += 1;
      spentUsd += result?.costUsd ?? 0;
    }
    return { selected: ids.size, done, capped, left: ids.size - done - capped, spentUsd };
  };
  emit({
    type: 'suite-start',
    total: options.total ?? options.cells.length,
    selected: ids.size,
    alreadyDone: progress().done + progress().capped,
    addedDependencies: options.addedDependencies ?? [],
  });
  const ran: string[] = [];
  const refused: RefusedCell[] = [];
  let stopped = false;
  for (const [index, cell] of options.cells.entries()) {
    if (options.stopSignal?.aborted) {
      stopped = true;
      break;
    }
    const known = results.get(cell.id);
    if (known !== undefined && isFinishedCell(known)) {
      emit({ type: 'cell-skipped', cell, reason: known.status === 'stopped' ? 'stopped' : 'done' });
      continue;
    }
    const readiness = cellReadiness(cell, results, {
      allowTruncatedCeilings: options.allowTruncatedCeilings === true,
    });
    if (!readiness.ready) {
      results.set(
        cell.id,
        heldBackResult(cell, readiness, runDirOf(cell), results.get(cell.id), results),
      );
      if (readiness.refusedBy !== undefined)
        refused.push({ cell: cell.id, dependency: readiness.refusedBy });
      emit({
        type: 'cell-blocked',
        cell,
        waitingFor: readiness.waitingFor,
        ...(readiness.blockedBy === undefined ? {} : { blockedBy: readiness.blockedBy }),
        ...(readiness.refusedBy === undefined ? {} : { refusedBy: readiness.refusedBy }),
      });
      continue;
    }
    emit({
      type: 'cell-start',
      cell,
      position: index + 1,
      ceiling: readiness.ceiling,
      ...progress(),
    });
    const result = await runSuiteCell({
      cell,
      ceiling: readiness.ceiling,
      ...(readiness.stoppedDependencies === undefined
        ? {}
        : { stoppedDependencies: readiness.stoppedDependencies }),
      runDir: runDirOf(cell),
      results,
      runCell: options.runCell,
      ...(options.stopSignal === undefined ? {} : { stopSignal: options.stopSignal }),
    });
    results.set(cell.id, result);
    ran.push(cell.id);
    await options.onResult?.(result, results);
    emit({ type: 'cell-end', result, ...progress() });
    if (result.status === 'pending') {
      stopped = true;
      break;
    }
  }
  const end = progress();
  let failed = 0;
  for (const id of ids) if (results.get(id)?.status === 'failed') failed += 1;
  emit({ type: 'suite-end', ...end, failed, refused: refused.length, stopped });
  return { results, ran, stopped, refused };
}
