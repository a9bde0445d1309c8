import { methodStopCause } from '@forge/method';
import {
  isFinishedCell,
  planSuite,
  type SuiteCell,
  type SuiteCellResult,
  type SuiteCellStatus,
  type SuiteCellStop,
  type SuiteResults,
  type SuiteStopCause,
} from '@forge/suite';
import { isForgeVariant } from '../run/run-method-context.js';
import type { SuiteConfig } from './suite-config-schema.js';
import { suiteSpecOf } from './suite-spec-of.js';

/** The suite budget fields a cell's stop is judged against. */
export type SuiteBudget = Pick<
  SuiteConfig['budget'],
  | 'maxEvaluations'
  | 'stopAtCompletion'
  | 'maxSteps'
  | 'maxWallTimeMinutes'
  | 'maxOptimizerCostUsd'
  | 'maxOptimizerTokens'
>;

/** A cell's status and stop, from how its run ended. */
export interface CellEnd {
  /** `done`, `stopped` (a cap) or `pending` (a stop request: continued next time). */
  readonly status: Extract<SuiteCellStatus, 'done' | 'stopped' | 'pending'>;
  /** Which limit ended it, when one did. */
  readonly stop?: SuiteCellStop;
}

/**
 * How a cell's run ended, from its recorded stop reason (`methodStopCause`): a stop request
 * leaves it `pending` (the next invocation continues it); a cap the suite set — the optimizer
 * cost or token cap, the step cap, the wall-time cap — makes it `stopped` (a control, which does
 * no search, is `done` whatever it says); the evaluation budget is the end a
 * method is given (an aligned cell's ceiling; every cell's cap without alignment), so `done` —
 * except for the reference that runs to completion (B.4, Forge's variants with
 * `stopAtCompletion`), for which the suite's `maxEvaluations` is an outer cap it was meant to
 * finish within: reaching it is `stopped` too. Anything else is the method's own end: `done`.
 */
export function cellEndOf(options: {
  readonly cell: Pick<SuiteCell, 'role' | 'method'>;
  readonly stopReason: string;
  readonly budget: SuiteBudget;
  readonly at: SuiteCellStop['at'];
}): CellEnd {
  const { cell, budget, at } = options;
  // Only a cap the suite set cuts a cell short (a method's own limit, such as the baseline's
  // zero steps, is its end); a control does no search, so evaluating its seed is all of it.
  const stopped = (by: SuiteStopCause, limit: number | undefined): CellEnd =>
    by === 'signal'
      ? { status: 'pending', stop: { by, limit: null, at } }
      : limit === undefined || cell.role === 'control'
        ? { status: 'done' }
        : { status: 'stopped', stop: { by, limit, at } };
  switch (methodStopCause(options.stopReason)) {
    case 'stop-requested':
      return stopped('signal', undefined);
    case 'optimizer-cost':
      return stopped('cost-cap', budget.maxOptimizerCostUsd);
    case 'optimizer-tokens':
      return stopped('token-cap', budget.maxOptimizerTokens);
    case 'step-limit':
      return stopped('step-cap', budget.maxSteps);
    case 'wall-time':
      return stopped('wall-time', budget.maxWallTimeMinutes);
    case 'evaluation-budget':
      return cell.role === 'reference' &&
        budget.stopAtCompletion !== false &&
        isForgeVariant(cell.method)
        ? stopped('evaluation-cap', budget.maxEvaluations)
        : { status: 'done' };
    case 'finished':
      return { status: 'done' };
  }
}

/**
 * A cell result read from a `results.json` written before cells recorded their stop: a `done`
 * cell whose recorded `stopReason` names a cap (a cost cap, a wall-time cap, the reference's
 * outer evaluation cap, …) is read as `stopped` with that cap, as it would be recorded now. A
 * cell that records its stop, or has no stop reason, is returned as it is.
 */
export function withRecordedStop(
  result: SuiteCellResult,
  cell: Pick<SuiteCell, 'role' | 'method'> | undefined,
  budget: SuiteBudget,
): SuiteCellResult {
  if (result.status !== 'done' || result.stopReason === undefined || cell === undefined)
    return result;
  const end = cellEndOf({
    cell,
    stopReason: result.stopReason,
    budget,
    at: {
      evaluations: result.evaluationsUsed ?? 0,
      costUsd: result.costUsd,
      optimizerCostUsd: result.optimizerCostUsd,
    },
  });
  return end.status === 'stopped' ? { ...result, status: 'stopped', stop: end.stop } : result;
}

/**
 * A `results.json` as it would be recorded now: every `done` cell whose recorded stop reason
 * names a cap becomes `stopped` (`withRecordedStop`), and every finished cell that ran on such a
 * cell's ceiling or data is flagged (`stoppedDependencies`). Files written since cells record
 * their stop come back unchanged.
 */
export function withRecordedStops(results: SuiteResults, config: SuiteConfig): SuiteResults {
  const plan = planSuite(suiteSpecOf(config));
  const cells = new Map(plan.cells.map((cell) => [cell.id, cell]));
  const upgraded = results.cells.map((result) =>
    withRecordedStop(result, cells.get(result.id), config.budget),
  );
  if (upgraded.every((result, index) => result === results.cells[index])) return results;
  const statuses = new Map(upgraded.map((result) => [result.id, result.status]));
  return {
    ...results,
    cells: upgraded.map((result) => {
      const stopped = (cells.get(result.id)?.dependsOn ?? []).filter(
        (id) => statuses.get(id) === 'stopped',
      );
      return stopped.length === 0 || !isFinishedCell(result) || result.stoppedDependencies
        ? result
        : { ...result, stoppedDependencies: stopped };
    }),
  };
}
