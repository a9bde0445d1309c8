import type { Instance } from '../signature/instance.js';
import type { Evaluation, Evaluator } from './evaluation.js';
import { isValidScore } from './evaluation.js';
import type { Execution } from './execution.js';
import { MetricError } from './metric-error.js';

/**
 * Runs the metric on one execution and checks what it returned, so a mistake in the metric is a
 * clear error on the first instance it shows on rather than a search steered by it: a metric that
 * throws, a score outside [0, 1], feedback that is not text, and `moduleFeedback` keys that name
 * no module of the program (feedback addressed to nobody would be dropped silently).
 *
 * @param modules the program's module names, which `moduleFeedback` keys must be among.
 * @param abortSignal the run's: a metric that throws once it is aborted rethrows as it is.
 * @throws MetricError naming the instance and what is wrong (the metric's own error as `cause`).
 */
export async function scoreWithMetric(
  metric: Evaluator,
  instance: Instance,
  execution: Execution,
  modules: readonly string[],
  abortSignal?: AbortSignal,
): Promise<Evaluation> {
  let evaluation: unknown;
  try {
    evaluation = await metric(instance, execution);
  } catch (error) {
    // A metric cut short by the run's abort (an LLM judge's call) is the abort, not a mistake.
    if (abortSignal?.aborted === true) throw error;
    throw new MetricError({
      instanceId: instance.id,
      reason: 'threw',
      message: `the metric threw on instance ${instance.id}: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
  checkEvaluation(evaluation, instance.id, modules);
  return evaluation;
}

/**
 * Checks one metric result (see `scoreWithMetric`).
 *
 * @throws MetricError naming the instance and what is wrong.
 */
export function checkEvaluation(
  evaluation: unknown,
  instanceId: string,
  modules: readonly string[],
): asserts evaluation is Evaluation {
  const on = `(instance ${instanceId})`;
  const fail = (reason: MetricError['reason'], message: string, unknownModules?: string[]) => {
    throw new MetricError({
      instanceId,
      reason,
      message,
      ...(unknownModules === undefined ? {} : { unknownModules }),
    });
  };
  if (typeof evaluation !== 'object' || evaluation === null || Array.isArray(evaluation)) {
    return fail(
      'not-an-evaluation',
      `the metric returned ${describe(evaluation)} ${on}; it must return { score, feedback?, moduleFeedback? }`,
    );
  }
  const { score, feedback, moduleFeedback } = evaluation as Record<string, unknown>;
  if (!isValidScore(score)) {
    return fail(
      'score',
      `the metric returned score ${describe(score)} ${on}; scores are numbers in [0, 1]`,
    );
  }
  if (feedback !== undefined && typeof feedback !== 'string') {
    return fail(
      'feedback',
      `the metric's feedback is ${describe(feedback)} ${on}; it must be a string`,
    );
  }
  if (moduleFeedback === undefined) return;
  if (
    typeof moduleFeedback !== 'object' ||
    moduleFeedback === null ||
    Array.isArray(moduleFeedback)
  ) {
    return fail(
      'module-feedback',
      `the metric's moduleFeedback is ${describe(moduleFeedback)} ${on}; it must be a record of strings by module name`,
    );
  }
  const entries = Object.entries(moduleFeedback);
  const unknown = entries.map(([key]) => key).filter((key) => !modules.includes(key));
  if (unknown.length > 0) {
    return fail(
      'module-feedback',
      `the metric's moduleFeedback names no module of the program: ${unknown.map((key) => JSON.stringify(key)).join(', ')} ${on}; the program's modules are ${modules.map((module) => JSON.stringify(module)).join(', ')}`,
      unknown,
    );
  }
  const notText = entries.find(([, text]) => text !== undefined && typeof text !== 'string');
  if (notText !== undefined) {
    return fail(
      'module-feedback',
      `the metric's moduleFeedback.${notText[0]} is ${describe(notText[1])} ${on}; it must be a string`,
    );
  }
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  return String(value);
}
