import {
  type CellReadinessOptions,
  cellReadiness,
  heldBackResult,
  isFinishedCell,
  type SuiteCell,
  type SuiteCellResult,
} from '@forge/suite';

/** How far a queued suite is, from its cells' results alone. */
export interface QueueProgress {
  /** Cells the suite runs. */
  readonly selected: number;
  /** Cells done. */
  readonly done: number;
  /** Cells a cap stopped short (`stopped`: finished, never run again). */
  readonly stopped: number;
  /** Cells failed (they stay failed until the suite is resumed). */
  readonly failed: number;
  /** Cells that cannot run because a dependency failed (directly or through another cell). */
  readonly blocked: number;
  /**
   * Cells refused because a dependency stopped at a cap (no `allowTruncatedCeilings`): the suite
   * is settled without them.
   */
  readonly refused: number;
  /** Cells still to run or running: the suite is settled when none are left. */
  readonly remaining: number;
  /** USD spent by the cells with a result. */
  readonly spentUsd: number;
}

const terminal = (result: SuiteCellResult | undefined) =>
  isFinishedCell(result) || result?.status === 'failed';

/**
 * The cells a queue may take now (B.4's order): not finished, and every dependency finished — so
 * a row's aligned methods are enqueued only once its reference has finished and set the ceiling
 * (and, when a cap stopped the reference, only if the suite allows truncated ceilings).
 */
export function cellsToEnqueue(
  cells: readonly SuiteCell[],
  results: ReadonlyMap<string, SuiteCellResult>,
  options: CellReadinessOptions = {},
): SuiteCell[] {
  return cells.filter(
    (cell) => !terminal(results.get(cell.id)) && cellReadiness(cell, results, options).ready,
  );
}

/** Counts a suite's cells by where they stand; `cells` in plan order (dependencies first). */
export function queueProgress(
  cells: readonly SuiteCell[],
  results: ReadonlyMap<string, SuiteCellResult>,
  options: CellReadinessOptions = {},
): QueueProgress {
  const held = heldCells(cells, results, options);
  let done = 0;
  let stopped = 0;
  let failed = 0;
  let spentUsd = 0;
  for (const cell of cells) {
    const result = results.get(cell.id);
    if (result?.status === 'done') done += 1;
    if (result?.status === 'stopped') stopped += 1;
    if (result?.status === 'failed') failed += 1;
    spentUsd += result?.costUsd ?? 0;
  }
  return {
    selected: cells.length,
    done,
    stopped,
    failed,
    blocked: held.blocked.size,
    refused: held.refused.size,
    remaining: cells.length - done - stopped - failed - held.blocked.size - held.refused.size,
    spentUsd,
  };
}

/**
 * The results a settled queued suite ends with — what `executeSuite` records on one machine:
 * finished cells as they are, and every cell held back by a failed dependency, or refused by a
 * stopped one, `pending` with the reason.
 */
export function settledResults(
  cells: readonly SuiteCell[],
  results: ReadonlyMap<string, SuiteCellResult>,
  runDirOf: (cell: SuiteCell) => string,
  options: CellReadinessOptions = {},
): Map<string, SuiteCellResult> {
  const settled = new Map(results);
  for (const cell of cells) {
    if (terminal(settled.get(cell.id))) continue;
    const readiness = cellReadiness(cell, settled, options);
    if (readiness.ready) continue;
    settled.set(
      cell.id,
      heldBackResult(cell, readiness, runDirOf(cell), settled.get(cell.id), settled),
    );
  }
  return settled;
}

/**
 * The cells that will not run as things stand: `blocked` by a failed dependency (directly or
 * through another held cell), or `refused` because a dependency stopped at a cap and the suite
 * does not allow truncated ceilings.
 */
export function heldCells(
  cells: readonly SuiteCell[],
  results: ReadonlyMap<string, SuiteCellResult>,
  options: CellReadinessOptions = {},
): { readonly blocked: Set<string>; readonly refused: Set<string> } {
  const blocked = new Set<string>();
  const refused = new Set<string>();
  for (const cell of cells) {
    if (terminal(results.get(cell.id))) continue;
    const stuck = cell.dependsOn.some(
      (id) => results.get(id)?.status === 'failed' || blocked.has(id) || refused.has(id),
    );
    if (stuck) {
      blocked.add(cell.id);
      continue;
    }
    const readiness = cellReadiness(cell, results, options);
    if (!readiness.ready && readiness.refusedBy !== undefined) refused.add(cell.id);
  }
  return { blocked, refused };
}
