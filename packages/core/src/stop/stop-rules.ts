import { existsSync } from 'node:fs';
import type { SearchState } from '../state/search-state.js';
import { optimizerTotals } from '../state/usage-totals.js';

/** What a stop rule sees, between steps. */
export interface StopContext {
  /** The state after the last completed step. */
  readonly state: SearchState;
  /** Milliseconds since this invocation of the search started. */
  readonly elapsedMs: number;
  /** The most evaluations the next step may spend: 2·|B| + |V|. */
  readonly nextStepMaxEvaluations: number;
}

/** A stop rule returns the reason to stop, or undefined to go on. Rules compose by listing them. */
export type StopRule = (context: StopContext) => string | undefined;

/** SPEC §3: a step starts only if used + 2·|B| + |V| ≤ max, so the budget is never exceeded. */
export function maxEvaluations(max: number): StopRule {
  return ({ state, nextStepMaxEvaluations }) =>
    state.evaluationsUsed + nextStepMaxEvaluations > max
      ? `evaluation budget (${state.evaluationsUsed} of ${max} used; a step may need ${nextStepMaxEvaluations})`
      : undefined;
}

/** Stops after `count` completed steps. */
export function maxSteps(count: number): StopRule {
  return ({ state }) => (state.step >= count ? `step limit (${count})` : undefined);
}

/** Stops once this invocation has run for `milliseconds`. */
export function maxWallTime(milliseconds: number): StopRule {
  return ({ elapsedMs }) =>
    elapsedMs >= milliseconds
      ? `wall-time limit (${Math.round(milliseconds / 1000)} s)`
      : undefined;
}

/** Stops when the optimizer-side roles have spent `usd` dollars or `tokens` tokens. */
export function maxOptimizerCost(limits: { usd?: number; tokens?: number }): StopRule {
  return ({ state }) => {
    const totals = optimizerTotals(state.usage);
    if (limits.usd !== undefined && totals.costUsd >= limits.usd) {
      return `optimizer cost limit ($${limits.usd})`;
    }
    const tokens = totals.inputTokens + totals.outputTokens;
    if (limits.tokens !== undefined && tokens >= limits.tokens) {
      return `optimizer token limit (${limits.tokens})`;
    }
    return undefined;
  };
}

/**
 * B.4's "run Forge to completion": every one of the E synthesis events has run, and then P more
 * steps passed without a strict gain in the best mean validation score. (The patience counter
 * restarts at each event, so the P steps are counted after the last one.) With E = 0 it stops
 * after P steps without a gain.
 */
export function stopAtCompletion(schedule: { epochs: number; patience: number }): StopRule {
  return ({ state }) =>
    state.synthesisEvents >= schedule.epochs && state.stepsSinceImprovement >= schedule.patience
      ? `complete (${state.synthesisEvents} of ${schedule.epochs} synthesis events, then ${schedule.patience} steps without a validation gain)`
      : undefined;
}

/** The highest score an evaluation can give: `Evaluation.score` lies in [0, 1]. */
export const maximumScore = 1;

/** The words a perfect-score stop reason starts with, so hosts can tell it from the others. */
export const perfectScoreReason = 'perfect score';

/**
 * Stops once the best candidate's mean validation score is the maximum (every validation
 * instance scored 1): no candidate can beat it on V, so further steps only spend budget. Checked
 * between steps, i.e. after every validation evaluation (the seed's, an accepted proposal's).
 * The method's own end, not a host limit, so it reads as `finished`.
 */
export function stopAtPerfectScore(): StopRule {
  return ({ state }) => {
    const best = state.candidates[state.bestCandidate];
    return best !== undefined && best.validationScore >= maximumScore
      ? `${perfectScoreReason} (best candidate #${state.bestCandidate} scored ${best.validationScore.toFixed(3)} on validation)`
      : undefined;
  };
}

/** Stops (gracefully, between steps) once the signal is aborted. */
export function stopOnSignal(signal: AbortSignal): StopRule {
  return () => (signal.aborted ? 'stop requested' : undefined);
}

/** Stops (gracefully, between steps) once a file exists at `path`. */
export function stopOnFile(path: string): StopRule {
  return () => (existsSync(path) ? `stop file ${path}` : undefined);
}

/** The first reason any rule gives, or undefined. */
export function firstStopReason(
  rules: readonly StopRule[],
  context: StopContext,
): string | undefined {
  for (const rule of rules) {
    const reason = rule(context);
    if (reason !== undefined) return reason;
  }
  return undefined;
}
