import type {
  Demonstrations,
  EvaluatedExecution,
  Evaluator,
  Instance,
  Program,
  Prompts,
} from '@forge/program';
import { hasDemonstrations, scoreWithMetric } from '@forge/program';
import type { LanguageModel } from '@forge/provider';

/**
 * Runs the program with one candidate's prompts on many instances, concurrently, and scores each
 * with the metric, checking what it returns (`scoreWithMetric`: a metric that throws, a score
 * outside [0, 1] or `moduleFeedback` for a module the program lacks is a `MetricError` naming the
 * instance). The first failure rejects the whole batch, and evaluations still waiting for a slot
 * never start: their model calls would be paid for and thrown away.
 */
export async function evaluateMany(options: {
  program: Program;
  evaluate: Evaluator;
  model: LanguageModel;
  prompts: Prompts;
  /** The candidate's demonstrations by module; omitted or empty for a zero-shot candidate. */
  demos?: Demonstrations;
  /** Ask the program to record each invocation as a demonstration in its trace. */
  recordDemonstrations?: boolean;
  instances: readonly Instance[];
  limit: <T>(task: () => Promise<T>) => Promise<T>;
  abortSignal?: AbortSignal;
  onEvaluated?: (evaluated: EvaluatedExecution) => void;
  /** Index of an intentional repeat (e.g. the k-th evaluation of a test item); part of the cache key. */
  sampleIndex?: number;
  /**
   * The role the program's calls are tagged with: `task` (default), or the optimizer role whose
   * model runs the program instead (MIPROv2's `teacher`).
   */
  role?: string;
}): Promise<EvaluatedExecution[]> {
  let failure: { readonly error: unknown } | undefined;
  const moduleNames = options.program.modules.map((module) => module.name);
  // Results are collected by index, so they never depend on completion order.
  return Promise.all(
    options.instances.map((instance) =>
      options.limit(async () => {
        options.abortSignal?.throwIfAborted();
        if (failure !== undefined) throw failure.error;
        try {
          return await evaluateOne(instance);
        } catch (error) {
          failure ??= { error };
          throw error;
        }
      }),
    ),
  );

  async function evaluateOne(instance: Instance): Promise<EvaluatedExecution> {
    const execution = await options.program.run(instance, options.prompts, {
      model: options.model,
      abortSignal: options.abortSignal,
      // Only a candidate that has demonstrations passes them, so zero-shot runs are unchanged.
      ...(hasDemonstrations(options.demos) ? { demos: options.demos } : {}),
      ...(options.recordDemonstrations === true ? { recordDemonstrations: true } : {}),
      metadata:
        options.sampleIndex === undefined
          ? { role: options.role ?? 'task' }
          : { role: options.role ?? 'task', sampleIndex: options.sampleIndex },
    });
    const evaluation = await scoreWithMetric(
      options.evaluate,
      instance,
      execution,
      moduleNames,
      options.abortSignal,
    );
    const evaluated = { instance, execution, evaluation };
    options.onEvaluated?.(evaluated);
    return evaluated;
  }
}
