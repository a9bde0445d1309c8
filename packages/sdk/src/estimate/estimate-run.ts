import {
  defaultPriceTable,
  findModelPrice,
  mergePriceTables,
  parsePriceTable,
  priceUsage,
} from '@forge/endpoints';
import type { Method } from '@forge/method';
import { type Benchmark, type Instance, seedPrompts } from '@forge/program';
import {
  estimateRequestTokens,
  type GenerateRequest,
  type LanguageModel,
  parseModelString,
} from '@forge/provider';
import type { ForgeConfig, ForgeConfigInput } from '../config/forge-config-schema.js';
import { parseForgeConfig } from '../config/load-config.js';
import { loadMethod } from '../methods/method-registry.js';
import { registerConfigProviders } from '../models/register-config-providers.js';
import { extraTrainingCount } from '../run/extra-training.js';
import { loadConfiguredBenchmark, loadConfiguredSplits } from '../run/load-benchmark.js';
import { isForgeVariant, methodSettingsOf } from '../run/run-method-context.js';
import { createRunModels, modelSettings } from '../run/run-models.js';

/** One role's share of an estimate. */
export interface RoleEstimate {
  /** `task` or an optimizer role. */
  readonly role: string;
  /** The model string of the role. */
  readonly model: string;
  /** Model calls. */
  readonly calls: number;
  /** Prompt tokens. */
  readonly inputTokens: number;
  /** Completion tokens. */
  readonly outputTokens: number;
  /** USD from the price table; undefined when the model has no price. */
  readonly usd: number | undefined;
  /** Wall time of these calls at the stated throughput (`estimateThroughput`) and the model's concurrency, in seconds. */
  readonly wallSeconds: number;
}

/**
 * The throughput wall-time estimates assume: each call in flight reads its prompt and writes its
 * answer at these rates, a role runs its model's `concurrency` calls at once (8 when unset), and
 * a run's roles and a suite's cells run one after another.
 */
export const estimateThroughput = {
  /** Prompt tokens read per second by one call in flight. */
  inputTokensPerSecond: 2000,
  /** Completion tokens written per second by one call in flight. */
  outputTokensPerSecond: 50,
} as const;

/** What `forge optimize --dry-run` prints: an upper-bound estimate, and the assumptions behind it. */
export interface RunEstimate {
  /** Benchmark id. */
  readonly benchmark: string;
  /** Method id. */
  readonly method: string;
  /** Task evaluations (the method's estimate, else the whole budget). */
  readonly evaluations: number;
  /** Forge's search steps (its reflections); 0 for peer methods, which count their own units (see `assumptions`). */
  readonly steps: number;
  /** Forge's synthesis attempts; 0 for methods that do not synthesize. */
  readonly synthesisAttempts: number;
  /** Per role: calls, tokens, USD. */
  readonly roles: readonly RoleEstimate[];
  /** Total USD of the priced roles. */
  readonly usd: number;
  /** Models without a price (counted as 0). */
  readonly unpricedModels: readonly string[];
  /** The assumptions, in words, so the user can judge the numbers. */
  readonly assumptions: readonly string[];
}

/** The task program's prompt size, measured once per benchmark. */
export interface TaskPromptSize {
  /** Model calls per evaluation. */
  readonly callsPerEvaluation: number;
  /** Estimated prompt tokens per call. */
  readonly inputPerCall: number;
  /** Estimated completion tokens per call. */
  readonly outputPerCall: number;
  /** Training instances measured (0 when the sizes are the benchmark's documented ones). */
  readonly sampled: number;
  /** Where the sizes come from, in words. */
  readonly basis: string;
}

// Rough per-unit sizes of the optimizer roles, from the prompts' lengths and typical answers. A
// generate or verify unit is one agent run of about two model calls.
const typical = {
  taskOutput: 400,
  reflect: { input: 2000, perObservation: 3, output: 1500, calls: 1 },
  assign: { input: 1100, perObservation: 1, output: 120, calls: 1 },
  generate: { input: 4000, perObservation: 1, output: 1200, calls: 2 },
  verify: { input: 3000, perObservation: 0, output: 500, calls: 2 },
} as const;

/**
 * Estimates calls, tokens and cost of a run before anything is spent: measures the task
 * program's prompt size on a few training instances with a model that answers nothing, takes
 * task evaluations and optimizer work from the method's own `estimate` (the whole budget and no
 * optimizer calls when it has none), and prices them. Checks the config, the data and the model
 * settings on the way, like `optimize`.
 */
export async function estimateRun(input: ForgeConfigInput): Promise<RunEstimate> {
  const config: ForgeConfig = parseForgeConfig({ file: '<options>', value: input });
  await registerConfigProviders(config.providers);
  const method = await loadMethod(config.method);
  const { id, benchmark } = await loadConfiguredBenchmark(config);
  const splits = await loadConfiguredSplits(benchmark, config);
  const extra = await extraTrainingCount(config.extraTrain, benchmark, splits);
  createRunModels(config, { roles: method.roles }).close();
  return estimateWithMethod({
    config,
    method,
    benchmarkId: id,
    benchmark,
    sizes: {
      train: splits.train.length + extra,
      validation: splits.validation.length,
      test: splits.test.length,
    },
    prompt: await measureTaskPrompt(benchmark, splits.train),
  });
}

/**
 * The task program's call sizes: a benchmark's documented sizes when it states them (an agent
 * that needs its environment is never run: an estimate never waits on a server), else its first
 * prompts measured on up to five training instances with a model that answers nothing. A
 * program still waiting after `deadlineMs` (a tool on a server) is stopped.
 */
export async function measureTaskPrompt(
  benchmark: Benchmark,
  train: readonly Instance[],
  options: { readonly deadlineMs?: number } = {},
): Promise<TaskPromptSize> {
  const documented = benchmark.documentedCallSizes;
  if (documented !== undefined) {
    return {
      callsPerEvaluation: documented.maxCalls,
      inputPerCall:
        documented.firstInputTokens +
        (documented.inputTokensPerStep * (documented.maxCalls - 1)) / 2,
      outputPerCall: documented.outputTokensPerCall,
      sampled: 0,
      basis: documented.source,
    };
  }
  const requests: GenerateRequest[] = [];
  const silent: LanguageModel = {
    specificationVersion: 'v1',
    provider: 'estimate',
    modelId: 'silent',
    async generate(request) {
      requests.push(request);
      return {
        text: '',
        toolCalls: [],
        finishReason: 'stop',
        usage: { inputTokens: 0, outputTokens: 0 },
      };
    },
  };
  const sample = train.slice(0, 5);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.deadlineMs ?? 2000);
  try {
    for (const instance of sample) {
      if (deadline.signal.aborted) break;
      try {
        await Promise.race([
          benchmark.program.run(instance, seedPrompts(benchmark.program), {
            model: silent,
            abortSignal: deadline.signal,
          }),
          new Promise((resolve) => deadline.signal.addEventListener('abort', resolve)),
        ]);
      } catch {
        // A program that cannot go on with an empty answer still showed its first prompt.
      }
    }
  } finally {
    clearTimeout(timer);
  }
  const measured = requests.length > 0;
  return {
    callsPerEvaluation: Math.max(1, requests.length / Math.max(1, sample.length)),
    inputPerCall: measured
      ? requests.reduce((total, request) => total + estimateRequestTokens(request), 0) /
        requests.length
      : 500,
    outputPerCall: typical.taskOutput,
    sampled: measured ? sample.length : 0,
    basis: measured
      ? `measured on ${sample.length} training instance(s) with a model that answers nothing; ${typical.taskOutput} output tokens per call assumed`
      : `the program made no model call with an empty answer: 500 prompt and ${typical.taskOutput} output tokens per call assumed, not measured`,
  };
}

/** The estimate of one run, from a measured prompt size (the suite measures once per benchmark). */
export function estimateWithMethod(options: {
  config: ForgeConfig;
  method: Method;
  benchmarkId: string;
  benchmark: Benchmark;
  sizes: { readonly train: number; readonly validation: number; readonly test: number };
  prompt: TaskPromptSize;
  /** Where model keys come from. Default `process.env`. */
  environment?: Record<string, string | undefined>;
}): RunEstimate {
  const { config, method, benchmark, prompt } = options;
  const settings = methodSettingsOf(method, config, { file: '<options>' });
  const estimate = method.estimate?.({
    maxEvaluations: config.budget.maxEvaluations,
    trainingSize: options.sizes.train,
    validationSize: options.sizes.validation,
    modules: benchmark.program.modules.map((module) => module.name),
    minibatchSize: config.minibatchSize,
    settings,
    synthesis: { ...benchmark.synthesis, ...config.synthesis },
  });
  const evaluations = Math.min(
    config.budget.maxEvaluations,
    estimate?.taskEvaluations ?? config.budget.maxEvaluations,
  );
  // The reflector and the assigner see the trace: an agent's whole conversation, not every call's prompt.
  const observation =
    (prompt.sampled === 0 && benchmark.documentedCallSizes !== undefined
      ? prompt.inputPerCall
      : prompt.inputPerCall * prompt.callsPerEvaluation) + prompt.outputPerCall;
  const models = createRunModels(config, {
    roles: method.roles,
    ...(options.environment === undefined ? {} : { environment: options.environment }),
  });
  const names = models.names;
  models.close();
  const prices = mergePriceTables(
    defaultPriceTable,
    config.prices === undefined ? undefined : parsePriceTable(toPrices(config.prices)),
  );
  const unpriced = new Set<string>();
  const role = (
    name: string,
    calls: number,
    inputTokens: number,
    outputTokens: number,
  ): RoleEstimate => {
    const model = modelSettings({ model: names[name] ?? names['reflect'] ?? '' }).model;
    const entry =
      name === 'task' ? config.taskModel : (config.roleModels?.[name] ?? config.optimizerModel);
    const concurrency = modelSettings(entry).concurrency ?? 8;
    const { provider, modelId } = parseModelString(model);
    const price = findModelPrice(prices, provider, modelId);
    if (price === undefined && calls > 0) unpriced.add(model);
    return {
      role: name,
      model,
      calls: Math.round(calls),
      inputTokens: Math.round(inputTokens),
      outputTokens: Math.round(outputTokens),
      usd: price === undefined ? undefined : priceUsage(price, { inputTokens, outputTokens }),
      wallSeconds:
        (inputTokens / estimateThroughput.inputTokensPerSecond +
          outputTokens / estimateThroughput.outputTokensPerSecond) /
        concurrency,
    };
  };
  // Reporting also costs: the seed and the selected candidate on test, each repeat a sample.
  const searches = evaluations > options.sizes.validation;
  const testEvaluations = config.evaluateTest
    ? (searches ? 2 : 1) * options.sizes.test * (benchmark.testRepeats ?? 1)
    : 0;
  const taskCalls = (evaluations + testEvaluations) * prompt.callsPerEvaluation;
  const roles: RoleEstimate[] = [
    role('task', taskCalls, taskCalls * prompt.inputPerCall, taskCalls * prompt.outputPerCall),
  ];
  for (const [name, units] of Object.entries(estimate?.optimizerCalls ?? {})) {
    const size = typical[name as keyof Omit<typeof typical, 'taskOutput'>] ?? typical.reflect;
    const calls = units * size.calls;
    roles.push(
      role(
        name,
        calls,
        calls * (size.input + size.perObservation * observation),
        calls * size.output,
      ),
    );
  }
  return {
    benchmark: options.benchmarkId,
    method: method.id,
    evaluations,
    steps: isForgeVariant(method.id) ? (estimate?.optimizerCalls['reflect'] ?? 0) : 0,
    synthesisAttempts: isForgeVariant(method.id) ? (estimate?.optimizerCalls['generate'] ?? 0) : 0,
    roles,
    usd: roles.reduce((total, entry) => total + (entry.usd ?? 0), 0),
    unpricedModels: [...unpriced],
    assumptions: [
      `${evaluations.toLocaleString('en-US')} task evaluations; ${prompt.callsPerEvaluation.toFixed(1)} task call(s) per evaluation of about ${Math.round(prompt.inputPerCall).toLocaleString('en-US')} prompt tokens and ${prompt.outputPerCall.toLocaleString('en-US')} output tokens (${prompt.basis})`,
      ...(testEvaluations === 0
        ? []
        : [
            `${testEvaluations} more task evaluations on the test split for reporting (${searches ? 'seed and best candidate' : 'the seed'}${(benchmark.testRepeats ?? 1) > 1 ? `, ${benchmark.testRepeats} repeats` : ''})`,
          ]),
      ...(estimate === undefined
        ? [
            `method ${method.id} gives no estimate: the whole budget is counted for the task model and its optimizer calls are not counted`,
          ]
        : estimate.assumptions),
      'optimizer calls sized from typical prompts and answers; a generate or verify attempt is an agent run of about two calls',
      `wall time: each call in flight reads ${estimateThroughput.inputTokensPerSecond.toLocaleString('en-US')} prompt tokens/s and writes ${estimateThroughput.outputTokensPerSecond} output tokens/s, a role runs its model's concurrency (8 when unset) calls at once, and roles run one after another`,
      'cached calls cost nothing, so a resumed run costs less',
      ...(Object.keys(config.moduleModels ?? {}).length === 0
        ? []
        : [
            `every task call is priced at the task model's price: the module models (moduleModels: ${Object.entries(
              config.moduleModels ?? {},
            )
              .map(([module, entry]) => `${module} → ${modelSettings(entry).model}`)
              .join(', ')}) are not estimated apart`,
          ]),
    ],
  };
}

function toPrices(prices: NonNullable<ForgeConfig['prices']>): unknown {
  return Object.fromEntries(
    Object.entries(prices).map(([pattern, price]) => [
      pattern,
      {
        inputPerMillion: price.input,
        outputPerMillion: price.output,
        ...(price.cachedInput === undefined ? {} : { cachedInputPerMillion: price.cachedInput }),
      },
    ]),
  );
}
