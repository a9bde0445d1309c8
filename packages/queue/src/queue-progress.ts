import { cellReadiness, heldBackResult, type SuiteCell, type SuiteCellResult } from '@forge/suite';

/** How far a queued suite is, from its cells' results alone. */
export interface QueueProgress {
  /** Cells the suite runs. */
  readonly selected: number;
  /** Cells done. */
  readonly done: number;
  /** Cells failed (they stay failed until the suite is resumed). */
  readonly failed: number;
  /** Cells that cannot run because a dependency failed (directly or through another cell). */
  readonly blocked: number;
  /** Cells still to run or running: the suite is settled when none are left. */
  readonly remaining: number;
  /** USD spent by the cells with a result. */
  readonly spentUsd: number;
}

const terminal = (result: SuiteCellResult | undefined) =>
  result?.status === 'done' || result?.status === 'failed';

/**
 * The cells a queue may take now (B.4's order): not finished, and every dependency done — so a
 * row's aligned methods are enqueued only once its reference has finished and set the ceiling.
 */
export function cellsToEnqueue(
  cells: readonly SuiteCell[],
  results: ReadonlyMap<string, SuiteCellResult>,
): SuiteCell[] {
  return cells.filter(
    (cell) => !terminal(results.get(cell.id)) && cellReadiness(cell, results).ready,
  );
}

/** Counts a suite's cells by where they stand; `cells` in plan order (dependencies first). */
export function queueProgress(
  cells: readonly SuiteCell[],
  results: ReadonlyMap<string, SuiteCellResult>,
): QueueProgress {
  const blocked = blockedCells(cells, results);
  let done = 0;
  let failed = 0;
  let spentUsd = 0;
  for (const cell of cells) {
    const result = results.get(cell.id);
    if (result?.status === 'done') done += 1;
    if (result?.status === 'failed') failed += 1;
    spentUsd += result?.costUsd ?? 0;
  }
  return {
    selected: cells.length,
    done,
    failed,
    blocked: blocked.size,
    remaining: cells.length - done - failed - blocked.size,
    spentUsd,
  };
}

/**
 * The results a settled queued suite ends with — what `executeSuite` records on one machine:
 * finished cells as they are, and every cell held back by a failed dependency `pending` with
 * the reason.
 */
export function settledResults(
  cells: readonly SuiteCell[],
  results: ReadonlyMap<string, SuiteCellResult>,
  runDirOf: (cell: SuiteCell) => string,
): Map<string, SuiteCellResult> {
  const settled = new Map(results);
  for (const cell of cells) {
    if (terminal(settled.get(cell.id))) continue;
    const readiness = cellReadiness(cell, settled);
    if (readiness.ready) continue;
    settled.set(cell.id, heldBackResult(cell, readiness, runDirOf(cell), settled.get(cell.id)));
  }
  return settled;
}

function blockedCells(
  cells: readonly SuiteCell[],
  results: ReadonlyMap<string, SuiteCellResult>,
): Set<string> {
  const blocked = new Set<string>();
  for (const cell of cells) {
    if (terminal(results.get(cell.id))) continue;
    const stuck = cell.dependsOn.some(
      (id) => results.get(id)?.status === 'failed' || blocked.has(id),
    );
    if (stuck) blocked.add(cell.id);
  }
  return blocked;
}
