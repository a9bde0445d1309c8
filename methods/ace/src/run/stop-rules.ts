import { type MethodContext, optimizerUsage } from '@forge/method';
import type { AceSettings } from '../ace-settings.js';
import { canStartSample, worstCaseSampleEvaluations } from './ace-budget.js';
import type { AceState } from './ace-state.js';

/** The run's own end: its epochs are done, or (when asked) an epoch changed no bullet. */
export function naturalStop(state: AceState, settings: AceSettings): string | undefined {
  if (state.epochsCompleted >= settings.numEpochs) {
    return `epochs completed (${state.epochsCompleted})`;
  }
  if (settings.stopWhenUnchanged && state.lastEpochChanged === false) {
    return `converged: epoch ${state.epochsCompleted} changed no bullet`;
  }
  return undefined;
}

/**
 * The first of the host's stop rules that forbids another sample, in words: the evaluation
 * ceiling (a sample's worst case plus a validation pass must fit), `maxSteps` (counted in
 * samples), wall time since `started`, and the optimizer roles' cost or tokens.
 */
export function limitReached(
  context: MethodContext,
  state: AceState,
  settings: AceSettings,
  started: number,
): { readonly rule: HostStopRule; readonly reason: string } | undefined {
  const { budget } = context;
  if (
    !canStartSample({
      evaluationsUsed: state.evaluationsUsed,
      maxEvaluations: budget.maxEvaluations,
      validationSize: context.validation.length,
      settings,
    })
  ) {
    return { rule: 'evaluation-budget', reason: budgetStopReason(context, state, settings) };
  }
  if (budget.maxSteps !== undefined && state.step >= budget.maxSteps) {
    return { rule: 'step-limit', reason: `step limit (${budget.maxSteps})` };
  }
  if (budget.maxWallTimeMs !== undefined && context.clock() - started >= budget.maxWallTimeMs) {
    return {
      rule: 'wall-time',
      reason: `wall time (${Math.round(budget.maxWallTimeMs / 1000)} s)`,
    };
  }
  const cost = budget.maxOptimizerCost;
  if (cost !== undefined) {
    const spent = optimizerUsage(state.usage);
    if (cost.usd !== undefined && spent.costUsd >= cost.usd) {
      return { rule: 'optimizer-cost', reason: `optimizer cost ($${cost.usd})` };
    }
    if (cost.tokens !== undefined && spent.inputTokens + spent.outputTokens >= cost.tokens) {
      return { rule: 'optimizer-cost', reason: `optimizer tokens (${cost.tokens})` };
    }
  }
  return undefined;
}

/** The host's stop rules, by name. */
export type HostStopRule = 'evaluation-budget' | 'step-limit' | 'wall-time' | 'optimizer-cost';

/** The evaluation-budget stop in words, with the evaluations spent so far. */
export function budgetStopReason(
  context: MethodContext,
  state: AceState,
  settings: AceSettings,
): string {
  return `evaluation budget (${state.evaluationsUsed} of ${context.budget.maxEvaluations} used; a sample needs up to ${worstCaseSampleEvaluations(settings)} plus a validation pass of ${context.validation.length})`;
}
