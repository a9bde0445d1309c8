import type { MethodCandidate, RoleUsage } from '@forge/method';
import type { EvaluatedExecution, Instance } from '@forge/program';
import { errorText } from './error-text.js';
import { evaluateEach } from './evaluate-each.js';
import type { MiproRun } from './mipro-run.js';
import type { ProgramError } from './program-errors.js';

/** One scored evaluation of a candidate: its runs, their usage and the mean score. */
export interface ScoredEvaluation {
  /** The runs that finished, in instance order. */
  readonly evaluated: EvaluatedExecution[];
  /** Model usage they added. */
  readonly usage: Readonly<Record<string, RoleUsage>>;
  /** The runs that raised (only under `reference`; `paper` ends the run at the first). */
  readonly errors: ProgramError[];
  /** Task evaluations spent: every run, finished or raised. */
  readonly evaluations: number;
  /** The mean score over all the instances, a raised run counting 0; 0 at `maxErrors` errors. */
  readonly score: number;
}

/**
 * Scores a candidate on some instances: the seed's evaluation, a trial, a full evaluation.
 * `paper`: the first program error ends the run, as in every Forge method. `reference`: as DSPy's
 * `Evaluate` — a run that raises scores 0 (evaluate.py:178, `failure_score`) and the mean is
 * over every instance (:180); an evaluation that meets `maxErrors` errors is cancelled and
 * scores 0 as a whole (utils/parallelizer.py:66–67, :102–104; teleprompt/utils.py:59–62). The
 * search goes on either way. Unlike DSPy, every instance still runs after `maxErrors` errors,
 * so the evaluations spent never depend on concurrency.
 */
export async function scoreCandidate(
  run: MiproRun,
  candidate: MethodCandidate,
  instances: readonly Instance[],
  options: { readonly target: string; readonly step: number | null },
): Promise<ScoredEvaluation> {
  if (run.settings.profile !== 'reference') {
    const { evaluated, usage } = await run.evaluate(candidate, instances, options);
    return {
      evaluated,
      usage,
      errors: [],
      evaluations: evaluated.length,
      score: meanOver(evaluated, evaluated.length),
    };
  }
  const { evaluated, usage, failed } = await evaluateEach(run, candidate, instances, options);
  const errors = failed.map((entry) => ({
    instanceId: entry.instance.id,
    error: errorText(entry.error),
  }));
  const maxErrors = run.settings.maxErrors;
  const cancelled = maxErrors !== undefined && errors.length >= maxErrors;
  return {
    evaluated,
    usage,
    errors,
    evaluations: evaluated.length + failed.length,
    score: cancelled ? 0 : meanOver(evaluated, instances.length),
  };
}

/** The scores' sum over `count` instances (0 for none). */
function meanOver(evaluated: readonly EvaluatedExecution[], count: number): number {
  if (count === 0) return 0;
  return evaluated.reduce((total, entry) => total + entry.evaluation.score, 0) / count;
}
