import { defaultCellRunDir } from './execute-suite.js';
import type { SuiteCell } from './suite-cell.js';
import { cellIdentity } from './suite-cell-identity.js';
import type { SuiteCellResult } from './suite-cell-result.js';

/** What recorded results are checked against: the plan made here, from a config read here. */
export interface PlanBounds {
  /** Every cell of the plan. */
  readonly cells: readonly SuiteCell[];
  /**
   * The suite's evaluation cap (`budget.maxEvaluations`): no result may claim a budget or a
   * ceiling above it, and a reference cell may not claim to have spent more (its count becomes
   * the ceiling of its row's other cells). Without it, budgets are not checked.
   */
  readonly maxEvaluations?: number | undefined;
}

/** The first recorded result that does not belong to the plan, and why. */
export interface ResultOutsidePlan {
  /** The cell id the result was recorded under (quote it before printing: it is data). */
  readonly cellId: string;
  /** Why, in words, with every recorded value quoted by `quoteUntrusted`. */
  readonly reason: string;
}

/**
 * The first recorded result that does not belong to the plan, or `undefined` when all do.
 * Results come from files and queues someone else may have written (a received suite
 * directory's `results.json`, a shard being merged, a Redis hash), so each must be a cell of
 * the plan recorded under its own id, field for field (benchmark, method, models, seed, arm), in
 * its own run directory (`cells/<id>`, so no path a result carries leads anywhere else), and
 * within the plan's budget, so that a forged count cannot widen the ceiling of the cells
 * aligned to it.
 */
export function resultOutsidePlan(
  results: ReadonlyMap<string, SuiteCellResult>,
  bounds: PlanBounds,
): ResultOutsidePlan | undefined {
  const planned = new Map(bounds.cells.map((cell) => [cell.id, cell]));
  for (const [id, result] of results) {
    const outside = (reason: string) => ({ cellId: id, reason });
    const cell = planned.get(id);
    if (cell === undefined)
      return outside(`a result names cell ${quoteUntrusted(id)}, not in the plan`);
    const identity = cellIdentity(cell);
    const claimed = cellIdentity(result);
    for (const field of Object.keys(identity) as (keyof typeof identity)[]) {
      if (claimed[field] !== identity[field]) {
        return outside(
          `the result of ${id} says ${field} ${quoteUntrusted(String(claimed[field]))}, but the plan's cell has ${quoteUntrusted(String(identity[field]))}`,
        );
      }
    }
    if (result.runDir !== defaultCellRunDir(cell)) {
      return outside(
        `the result of ${id} names the run directory ${quoteUntrusted(String(result.runDir))}, not ${defaultCellRunDir(cell)}`,
      );
    }
    const beyond = beyondBudget(result, cell, bounds.maxEvaluations);
    if (beyond !== undefined) return outside(`the result of ${id} ${beyond}`);
  }
  return undefined;
}

/**
 * A value read from a file or a queue someone else may have written, quoted for a message:
 * JSON-escaped (no control character reaches a terminal) and cut to 80 characters.
 */
export function quoteUntrusted(value: string): string {
  const cut = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  return JSON.stringify(cut);
}

// What a result claims beyond the suite's cap, if anything.
function beyondBudget(
  result: SuiteCellResult,
  cell: SuiteCell,
  cap: number | undefined,
): string | undefined {
  if (cap === undefined) return undefined;
  const over = (value: number | null) => value !== null && value > cap;
  if (over(result.maxEvaluations))
    return `claims a budget of ${result.maxEvaluations} evaluations, above the suite's cap of ${cap}`;
  if (over(result.ceiling))
    return `claims a ceiling of ${result.ceiling} evaluations, above the suite's cap of ${cap}`;
  if (cell.role === 'reference' && over(result.evaluationsUsed))
    return `claims ${result.evaluationsUsed} evaluations used, above the suite's cap of ${cap}: a reference cell never spends past it, and its count would become its row's ceiling`;
  return undefined;
}
