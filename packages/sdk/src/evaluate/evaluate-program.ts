import { createLimiter, evaluateMany } from '@forge/core';
import {
  checkProgramData,
  type Demonstrations,
  type Evaluator,
  type Instance,
  type Program,
  type Prompts,
  seedPrompts,
  type TraceEntry,
} from '@forge/program';
import { InvalidArgumentError, type Usage } from '@forge/provider';
import { ConfigError } from '../config/config-error.js';
import type { ForgeConfig, ModelConfig } from '../config/forge-config-schema.js';
import { modelConfigSchema } from '../config/forge-config-schema.js';
import { detachObjectInputs, type ModelInput, type ObjectInputs } from '../inputs/object-inputs.js';
import { runConcurrency } from '../run/run-concurrency.js';
import { checkModuleModels } from '../run/run-method-context.js';
import { createRunModels } from '../run/run-models.js';
import type { EvaluatedInstance, EvaluateResult } from './evaluate-result.js';

/**
 * What `evaluate` takes to run a program on data, without a run directory (what
 * `dspy.Evaluate(devset, metric)(program)` does): the program, its metric, the instances and the
 * model, and optionally the prompts to run it with (default its seed prompts).
 */
export interface EvaluateProgramConfig<
  Input = Readonly<Record<string, unknown>>,
  Gold = Readonly<Record<string, unknown>>,
  Output = Readonly<Record<string, unknown>>,
> {
  /** The program to run (a `Program`; `defineProgram` types the rest from its schemas). */
  readonly program: Program<Input, Gold, Output>;
  /** The metric that scores each execution. */
  readonly metric: Evaluator<NoInfer<Input>, NoInfer<Gold>, NoInfer<Output>>;
  /** The instances to run it on, checked against the program's schemas before any call. */
  readonly data: readonly Instance<NoInfer<Input>, NoInfer<Gold>>[];
  /** The model the program runs on: a model string, settings, or a `LanguageModel` object. */
  readonly model: ModelInput;
  /**
   * Models of particular modules, by module name (as `optimize`'s `moduleModels`): a module named
   * here runs on its own model, every other on `model`. Each name must be a module of the program.
   */
  readonly moduleModels?: Readonly<Record<string, ModelInput>>;
  /**
   * The prompts by module, e.g. `(await loadBestPrompts(runDir)).prompts`; a module missing here
   * runs with its seed prompt. Default: every seed prompt.
   */
  readonly prompts?: Prompts;
  /** Few-shot demonstrations by module (a MIPROv2 run's `bestDemos`). Default none. */
  readonly demos?: Demonstrations;
  /**
   * Evaluations in flight. Default: the data's size, capped by the model's own limits (its
   * `concurrency`, `requestsPerMinute`; 8 calls in flight for settings that give none).
   */
  readonly concurrency?: number;
  /** Hears each instance as it is scored (for a progress display). */
  readonly onProgress?: (progress: EvaluateProgress) => void;
  /** Cancels the evaluation: calls in flight are aborted and `evaluate` rejects. */
  readonly abortSignal?: AbortSignal;
  /** Environment to read API keys from. Default `process.env`. */
  readonly environment?: Record<string, string | undefined>;
}

/** How far an evaluation is, after each scored instance. */
export interface EvaluateProgress {
  /** Instances scored so far. */
  readonly done: number;
  /** Instances in all. */
  readonly total: number;
  /** The instance just scored. */
  readonly instanceId: string;
  /** Its score. */
  readonly score: number;
  /** The mean score of the instances scored so far. */
  readonly meanScore: number;
}

/** One instance as the program ran on it and the metric scored it. */
export interface ProgramEvaluatedInstance<Output = Readonly<Record<string, unknown>>>
  extends EvaluatedInstance {
  /** Feedback addressed to modules, by module name, as the metric gave it. */
  readonly moduleFeedback?: Readonly<Record<string, string>>;
  /** The program's prediction. */
  readonly output: Output;
  /** The module calls of the run, in order (messages, parsed outputs, notes). */
  readonly trace: readonly TraceEntry[];
  /** Tokens of the task-model calls of this instance (cached calls included). */
  readonly usage?: Usage;
}

/** What `evaluate` returns for a program run on data. */
export interface ProgramEvaluationResult<Output = Readonly<Record<string, unknown>>>
  extends EvaluateResult {
  /** Per instance, in the order of `data`: output, score, feedback, trace and usage. */
  readonly instances: readonly ProgramEvaluatedInstance<Output>[];
  /** Tokens of every model call the evaluation made. */
  readonly usage: Usage;
  /** What the calls cost in US dollars (unpriced models count 0: see `unpricedModels`). */
  readonly costUsd: number;
  /** Models that were called but have no price. */
  readonly unpricedModels: readonly string[];
}

/**
 * Runs a program with given prompts on every instance of `data` and scores each with the metric,
 * with no run directory: nothing is written, nothing cached. The data is checked against the
 * program's schemas first (a `DataCheckError` listing every problem, before any call), and the
 * metric's results as they come (`MetricError`). The first failure rejects; a model failure
 * after its retries is an `APICallError`.
 */
export async function evaluateProgram<Input, Gold, Output>(
  typed: EvaluateProgramConfig<Input, Gold, Output>,
): Promise<ProgramEvaluationResult<Output>> {
  // A typed program's types are checked at the call; inside, programs and instances are untyped.
  const config = typed as unknown as EvaluateProgramConfig;
  const { program, data } = checkConfig(config);
  checkProgramData({ program, splits: { data }, subject: 'evaluate: the data' });
  const { taskModel, moduleModels, objects } = programModels(config, program);
  const concurrency = runConcurrency({ concurrency: config.concurrency, taskModel }, data.length);
  // Only task calls are made: the optimizer roles resolve to the task model and are never called.
  const models = createRunModels(
    {
      taskModel,
      optimizerModel: taskModel,
      roleModels: {},
      moduleModels,
    } as unknown as ForgeConfig,
    {
      taskConcurrency: concurrency,
      models: objects.models,
      ...(config.environment === undefined ? {} : { environment: config.environment }),
    },
  );
  let done = 0;
  let total = 0;
  try {
    const evaluations = await evaluateMany({
      program,
      evaluate: config.metric,
      model: models.task,
      prompts: { ...seedPrompts(program), ...config.prompts },
      ...(config.demos === undefined ? {} : { demos: config.demos }),
      instances: data,
      limit: createLimiter(concurrency),
      ...(config.abortSignal === undefined ? {} : { abortSignal: config.abortSignal }),
      onEvaluated: (evaluated) => {
        done += 1;
        total += evaluated.evaluation.score;
        config.onProgress?.({
          done,
          total: data.length,
          instanceId: evaluated.instance.id,
          score: evaluated.evaluation.score,
          meanScore: total / done,
        });
      },
    });
    const instances = evaluations.map(({ instance, execution, evaluation }) => ({
      id: instance.id,
      score: evaluation.score,
      ...(evaluation.feedback === undefined ? {} : { feedback: evaluation.feedback }),
      ...(evaluation.moduleFeedback === undefined
        ? {}
        : { moduleFeedback: evaluation.moduleFeedback }),
      output: execution.output,
      trace: execution.trace,
      ...(execution.usage === undefined ? {} : { usage: execution.usage }),
    }));
    const totals = models.costMeter.totals();
    return {
      score:
        instances.length === 0
          ? 0
          : instances.reduce((sum, item) => sum + item.score, 0) / instances.length,
      instances,
      subject: `${program.name} on ${data.length} instances with ${models.names['task']}`,
      usage: { inputTokens: totals.total.inputTokens, outputTokens: totals.total.outputTokens },
      costUsd: totals.total.usd,
      unpricedModels: totals.unpricedModels,
    } as ProgramEvaluationResult<Output>;
  } finally {
    models.close();
  }
}

/**
 * The task model and module models of an evaluation, as config entries (objects detached as
 * `optimize` detaches them), each checked; a module model must name a module of the program.
 *
 * @throws ConfigError naming `model` or `moduleModels.<module>`
 */
function programModels(
  config: EvaluateProgramConfig,
  program: Program,
): {
  readonly taskModel: ModelConfig;
  readonly moduleModels: Readonly<Record<string, ModelConfig>>;
  readonly objects: ObjectInputs;
} {
  const detached = detachObjectInputs(
    {
      taskModel: config.model,
      ...(config.moduleModels === undefined ? {} : { moduleModels: config.moduleModels }),
    },
    ['taskModel', 'moduleModels.*'],
  );
  const parse = (value: unknown, field: readonly string[]): ModelConfig => {
    const parsed = modelConfigSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new ConfigError({
      file: '<options>',
      field: [...field, ...(issue?.path ?? []).map(String)].join('.'),
      message: issue?.message ?? 'expected a model string, settings or a LanguageModel object',
    });
  };
  const given = (detached.value['moduleModels'] ?? {}) as Record<string, unknown>;
  const moduleModels: Record<string, ModelConfig> = {};
  for (const [module, entry] of Object.entries(given)) {
    moduleModels[module] = parse(entry, ['moduleModels', module]);
  }
  const taskModel = parse(detached.value['taskModel'], ['model']);
  checkModuleModels({ program }, { moduleModels }, '<options>');
  return { taskModel, moduleModels, objects: detached.objects };
}

function checkConfig(config: EvaluateProgramConfig): {
  readonly program: Program;
  readonly data: readonly Instance[];
} {
  const problems: string[] = [];
  const { program, data } = config;
  if (
    typeof program !== 'object' ||
    program === null ||
    typeof program.run !== 'function' ||
    !Array.isArray(program.modules)
  ) {
    problems.push(
      'program: expected a Program (name, modules, run), e.g. one made with defineProgram',
    );
  }
  if (typeof config.metric !== 'function')
    problems.push('metric: expected a function (instance, execution) => { score, feedback? }');
  if (!Array.isArray(data)) problems.push('data: expected an array of instances');
  if (config.model === undefined) problems.push('model: give the model the program runs on');
  for (const key of ['run', 'predictions'] as const) {
    if ((config as unknown as Record<string, unknown>)[key] !== undefined)
      problems.push(
        `${key}: evaluate runs a program on data or scores a ${key === 'run' ? 'run' : 'predictions file'}, not both`,
      );
  }
  if (problems.length > 0) {
    throw new InvalidArgumentError({
      argument: problems[0]?.split(':')[0] ?? 'evaluate',
      message: `evaluate: ${problems.join('; ')}`,
    });
  }
  return { program, data };
}
