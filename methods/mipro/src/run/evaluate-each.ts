import type { MethodCandidate, RoleUsage } from '@forge/method';
import type { EvaluatedExecution, Instance } from '@forge/program';
import { addUsage, type MiproRun } from './mipro-run.js';

/** A program run that raised instead of finishing, with what it raised. */
export interface FailedRun {
  /** The instance it ran on. */
  readonly instance: Instance;
  /** What the program (or its model calls, or the metric) raised. */
  readonly error: unknown;
}

/**
 * Runs a candidate on each instance on its own (still under the run's concurrency limit), so
 * that a run which raises does not stop the others: returns the finished runs and the failed
 * ones, both in instance order. An abort still ends the run.
 */
export async function evaluateEach(
  run: MiproRun,
  candidate: MethodCandidate,
  instances: readonly Instance[],
  options: Parameters<MiproRun['evaluate']>[2],
): Promise<{
  evaluated: EvaluatedExecution[];
  usage: Readonly<Record<string, RoleUsage>>;
  failed: FailedRun[];
}> {
  const settled = await Promise.allSettled(
    instances.map((instance) => run.evaluate(candidate, [instance], options)),
  );
  const abortSignal = run.context.abortSignal;
  if (abortSignal?.aborted === true) throw abortSignal.reason;
  let usage: Readonly<Record<string, RoleUsage>> = {};
  const evaluated: EvaluatedExecution[] = [];
  const failed: FailedRun[] = [];
  settled.forEach((result, index) => {
    if (result.status === 'fulfilled') {
      evaluated.push(...result.value.evaluated);
      usage = addUsage(usage, result.value.usage);
    } else failed.push({ instance: instances[index] as Instance, error: result.reason });
  });
  return { evaluated, usage, failed };
}
