import {
  defaultPriceTable,
  findModelPrice,
  mergePriceTables,
  parsePriceTable,
  priceUsage,
} from '@forge/endpoints';
import type { Method, MethodCallShape, MethodEstimate } from '@forge/method';
import type { Benchmark } from '@forge/program';
import { type LanguageModel, parseModelString } from '@forge/provider';
import type { ForgeConfig, ForgeConfigInput } from '../config/forge-config-schema.js';
import { parseForgeConfig } from '../config/load-config.js';
import { loadMethod } from '../methods/method-registry.js';
import { registerConfigProviders } from '../models/register-config-providers.js';
import { extraTrainingCount } from '../run/extra-training.js';
import { loadConfiguredBenchmark, loadConfiguredSplits } from '../run/load-benchmark.js';
import { isForgeVariant, methodSettingsOf } from '../run/run-method-context.js';
import { createRunModels, modelSettings } from '../run/run-models.js';
import { measureTaskPrompt, type TaskPromptSize } from './measure-task-prompt.js';
import { describeModuleCalls } from './module-call-order.js';

export {
  type MeasureTaskPromptOptions,
  measureTaskPrompt,
  type TaskPromptSize,
} from './measure-task-prompt.js';

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

/**
 * The figure a run typically spends, beside the upper bound: the method's typical stop (Forge at
 * completion), an aligned cell's expected ceiling, the task calls per evaluation measured.
 */
export interface ExpectedEstimate {
  /** Task evaluations a run's search typically spends (as `RunEstimate.evaluations`, test not counted). */
  readonly evaluations: number;
  /** Per role: calls, tokens, USD at the typical spend. */
  readonly roles: readonly RoleEstimate[];
  /** Total USD of the priced roles. */
  readonly usd: number;
  /** Wall time of the roles one after another, in seconds, at the stated throughput. */
  readonly wallSeconds: number;
  /** Where the expected figure comes from, in words. */
  readonly basis: readonly string[];
}

/**
 * What `forge optimize --dry-run` prints: the upper bound (`evaluations`, `roles`, `usd`: what the
 * caps allow), the expected figure (`expected`: what a run typically spends), and the assumptions.
 */
export interface RunEstimate {
  /** Benchmark id. */
  readonly benchmark: string;
  /** Method id. */
  readonly method: string;
  /** Upper bound of the task evaluations of the search (the method's estimate at the budget, else the whole budget). */
  readonly evaluations: number;
  /** Forge's search steps (its reflections), at most; 0 for peer methods, which count their own units (see `assumptions`). */
  readonly steps: number;
  /** Forge's synthesis attempts; 0 for methods that do not synthesize. */
  readonly synthesisAttempts: number;
  /** Upper bound per role: calls, tokens, USD. */
  readonly roles: readonly RoleEstimate[];
  /** Upper bound: total USD of the priced roles. */
  readonly usd: number;
  /** Where the upper bound comes from, in words (the caps). */
  readonly upperBoundBasis: string;
  /** What a run typically spends, and where that figure comes from. */
  readonly expected: ExpectedEstimate;
  /** Task model calls per evaluation (re-asks included) and how they were measured. */
  readonly taskCalls: {
    /** Calls per evaluation. */
    readonly perEvaluation: number;
    /** Where the figure comes from, in words. */
    readonly basis: string;
  };
  /** Models without a price (counted as 0). */
  readonly unpricedModels: readonly string[];
  /** The assumptions, in words, so the user can judge the numbers. */
  readonly assumptions: readonly string[];
}

/** The size of one optimizer unit: prompt tokens (plus per observation), answer tokens, calls. */
interface UnitSize {
  readonly input: number;
  readonly perObservation: number;
  readonly output: number;
  readonly calls: number;
}

// Rough per-unit sizes of the optimizer roles, from the prompts' lengths and a real model's typical
// answers. A generate or verify unit is one agent run of about two model calls.
const typical: Readonly<Record<string, UnitSize>> = {
  reflect: { input: 2000, perObservation: 3, output: 1500, calls: 1 },
  assign: { input: 1100, perObservation: 1, output: 120, calls: 1 },
  generate: { input: 4000, perObservation: 1, output: 1200, calls: 2 },
  verify: { input: 3000, perObservation: 0, output: 500, calls: 2 },
};

// The simulated optimizer's (`sim:`) units, read off its runs on the date world
// (examples/suites/sim-ablation.yaml): its answers are a few dozen tokens, not a real model's.
const simulated: Readonly<Record<string, UnitSize>> = {
  reflect: { input: 1350, perObservation: 0, output: 340, calls: 1 },
  assign: { input: 1400, perObservation: 0, output: 75, calls: 1 },
  generate: { input: 1850, perObservation: 0, output: 50, calls: 2 },
  verify: { input: 2050, perObservation: 0, output: 55, calls: 2 },
};

/** Options of `estimateRun`. */
export interface EstimateRunOptions {
  /**
   * The benchmark object to estimate (the library API's objects: a `defineBenchmark` of your
   * typed program, its metric and data) instead of the config's `benchmark` or `program`.
   */
  readonly benchmark?: Benchmark;
}

/**
 * Estimates calls, tokens and cost of a run before anything is spent: runs the task program on a
 * few training instances with a stand-in model (no cost, no network) to count its calls per
 * evaluation and size its prompts (`measureTaskPrompt`; a simulated task model measures itself),
 * takes task evaluations and optimizer work from the method's own `estimate` — its typical stop
 * for the expected figure, its most at the caps for the upper bound — and prices them. Checks the
 * config, the data and the model settings on the way, like `optimize`.
 */
export async function estimateRun(
  input: ForgeConfigInput,
  options: EstimateRunOptions = {},
): Promise<RunEstimate> {
  const config: ForgeConfig = parseForgeConfig({ file: '<options>', value: input });
  await registerConfigProviders(config.providers);
  const method = await loadMethod(config.method);
  const { id, benchmark } = await loadConfiguredBenchmark(config, options.benchmark);
  const splits = await loadConfiguredSplits(benchmark, config);
  const extra = await extraTrainingCount(config.extraTrain, benchmark, splits);
  const models = createRunModels(config, { roles: method.roles });
  try {
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
      prompt: await measureTaskPrompt(benchmark, splits.train, {
        ...simulatedStandIn(models.names['task'], models.task),
        ...(config.estimateAnswerTokens === undefined
          ? {}
          : { answerTokens: config.estimateAnswerTokens }),
      }),
    });
  } finally {
    models.close();
  }
}

/**
 * The run's own task model as the measurement's stand-in when it is simulated (`sim:`: no cost,
 * no network, and its answers are what the run will get); otherwise nothing (the built-in
 * stand-in).
 */
export function simulatedStandIn(
  name: string | undefined,
  model: LanguageModel,
): { readonly model?: LanguageModel; readonly modelLabel?: string } {
  if (
    name === undefined ||
    parseModelString(modelSettings({ model: name }).model).provider !== 'sim'
  )
    return {};
  return { model, modelLabel: `the simulated task model ${name} (no cost, no network)` };
}

/** What the expected figure's arithmetic needs besides the method's estimates. */
export interface ExpectedFigureInput {
  /** The budget's evaluation cap. */
  readonly maxEvaluations: number;
  /** An aligned cell's expected ceiling (its reference's expected count), when it has one. */
  readonly expectedCeiling?: number;
  /** The method's id, for the basis. */
  readonly method: string;
  /** The method's estimate at the budget (the upper bound), if it gives one. */
  readonly atBudget: MethodEstimate | undefined;
  /** The method's estimate at the expected ceiling (same as `atBudget` without one). */
  readonly atCeiling: MethodEstimate | undefined;
}

/**
 * The expected search evaluations and optimizer units, and where they come from: the method's
 * typical spend (`MethodEstimate.expected`) at the expected ceiling when it states one; else its
 * estimate at that ceiling (a method that spends its ceiling); else the ceiling itself. An
 * aligned cell's ceiling is its reference's expected count; any other's, the budget.
 */
export function expectedFigure(input: ExpectedFigureInput): {
  readonly evaluations: number;
  /** Of `evaluations`, the new (prompt, instance) pairs a run with its cache on pays for. */
  readonly paidEvaluations: number;
  /**
   * Of `paidEvaluations`, those that differ from an evaluation already made in one module's prompt
   * (`MethodBilledSpend.oneModuleChanged`): the cache answers their calls before that module.
   */
  readonly oneModuleChanged: number;
  readonly optimizerCalls: Readonly<Record<string, number>>;
  /** Of `optimizerCalls`, the units a run with its cache on pays for. */
  readonly billedOptimizerCalls: Readonly<Record<string, number>>;
  readonly basis: string;
} {
  const ceiling = Math.min(input.maxEvaluations, input.expectedCeiling ?? input.maxEvaluations);
  const aligned =
    input.expectedCeiling === undefined
      ? ''
      : `its ceiling is its reference's expected count (${ceiling.toLocaleString('en-US')}); `;
  const estimate = input.expectedCeiling === undefined ? input.atBudget : input.atCeiling;
  if (estimate?.expected !== undefined) {
    const evaluations = Math.min(ceiling, estimate.expected.taskEvaluations);
    const paidEvaluations = Math.min(
      evaluations,
      estimate.expected.billed?.taskEvaluations ?? estimate.expected.taskEvaluations,
    );
    return {
      evaluations,
      paidEvaluations,
      oneModuleChanged: Math.min(paidEvaluations, estimate.expected.billed?.oneModuleChanged ?? 0),
      optimizerCalls: estimate.expected.optimizerCalls,
      billedOptimizerCalls:
        estimate.expected.billed?.optimizerCalls ?? estimate.expected.optimizerCalls,
      basis: `${aligned}${estimate.expected.basis}`,
    };
  }
  if (estimate !== undefined) {
    const evaluations = Math.min(ceiling, estimate.taskEvaluations);
    return {
      evaluations,
      paidEvaluations: evaluations,
      oneModuleChanged: 0,
      optimizerCalls: estimate.optimizerCalls,
      billedOptimizerCalls: estimate.optimizerCalls,
      basis: `${aligned}${input.method} has no stop of its own before its ceiling: its estimate at ${ceiling.toLocaleString('en-US')} evaluations`,
    };
  }
  return {
    evaluations: ceiling,
    paidEvaluations: ceiling,
    oneModuleChanged: 0,
    optimizerCalls: {},
    billedOptimizerCalls: {},
    basis: `${aligned}${input.method} gives no estimate: its whole ceiling, optimizer calls not counted`,
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
  /**
   * An aligned cell's expected ceiling: its reference's expected evaluation count (the real one is
   * known only once the reference ran). Without it, the expected figure runs up to the budget.
   */
  expectedCeiling?: number;
  /** Where model keys come from. Default `process.env`. */
  environment?: Record<string, string | undefined>;
}): RunEstimate {
  const { config, method, benchmark, prompt } = options;
  const settings = methodSettingsOf(method, config, { file: '<options>' });
  const estimateAt = (maxEvaluations: number) =>
    method.estimate?.({
      maxEvaluations,
      trainingSize: options.sizes.train,
      validationSize: options.sizes.validation,
      modules: benchmark.program.modules.map((module) => module.name),
      minibatchSize: config.minibatchSize,
      settings,
      synthesis: { ...benchmark.synthesis, ...config.synthesis },
    });
  const estimate = estimateAt(config.budget.maxEvaluations);
  const evaluations = Math.min(
    config.budget.maxEvaluations,
    estimate?.taskEvaluations ?? config.budget.maxEvaluations,
  );
  const expected = expectedFigure({
    maxEvaluations: config.budget.maxEvaluations,
    ...(options.expectedCeiling === undefined ? {} : { expectedCeiling: options.expectedCeiling }),
    method: method.id,
    atBudget: estimate,
    atCeiling:
      options.expectedCeiling === undefined ||
      options.expectedCeiling >= config.budget.maxEvaluations
        ? estimate
        : estimateAt(options.expectedCeiling),
  });
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
    const model = roleModel(name);
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
  const roleModel = (name: string) =>
    modelSettings({ model: names[name] ?? names['reflect'] ?? '' }).model;
  // Reporting also costs: the seed and the selected candidate on test, each repeat a sample.
  const testEvaluationsAfter = (search: number) =>
    config.evaluateTest
      ? (search > options.sizes.validation ? 2 : 1) *
        options.sizes.test *
        (benchmark.testRepeats ?? 1)
      : 0;
  // Task calls are billed for the evaluations the run's cache cannot answer (all of them with the
  // cache off); the budget counts every evaluation. An evaluation that differs from one already
  // made in one module's prompt pays the measured share of its calls from that module on.
  const changedShare = prompt.moduleCalls?.oneModuleChangedShare ?? 1;
  const rolesOf = (
    searchEvaluations: number,
    paidSearchEvaluations: number,
    optimizerCalls: Readonly<Record<string, number>>,
    oneModuleChanged = 0,
  ): RoleEstimate[] => {
    const billed = config.cache
      ? paidSearchEvaluations - oneModuleChanged * (1 - changedShare)
      : searchEvaluations;
    const taskCalls =
      (billed + testEvaluationsAfter(searchEvaluations)) * prompt.callsPerEvaluation;
    const roles = [
      role('task', taskCalls, taskCalls * prompt.inputPerCall, taskCalls * prompt.outputPerCall),
    ];
    for (const [name, units] of Object.entries(optimizerCalls)) {
      const shape = estimate?.callShapes?.[name];
      if (shape !== undefined) {
        const size = shapedCallSize(shape, prompt);
        const calls = units * shape.callsPerUnit;
        roles.push(role(name, calls, calls * size.input, calls * size.output));
        continue;
      }
      const sizes = parseModelString(roleModel(name)).provider === 'sim' ? simulated : typical;
      const size = sizes[name] ?? sizes['reflect'] ?? (typical['reflect'] as UnitSize);
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
    return roles;
  };
  const roles = rolesOf(evaluations, evaluations, estimate?.optimizerCalls ?? {});
  const expectedRoles = rolesOf(
    expected.evaluations,
    expected.paidEvaluations,
    config.cache ? expected.billedOptimizerCalls : expected.optimizerCalls,
    expected.oneModuleChanged,
  );
  const moduleCache =
    config.cache && changedShare < 1 && expected.oneModuleChanged > 0 && prompt.moduleCalls
      ? [
          `the ${Math.round(expected.oneModuleChanged).toLocaleString('en-US')} evaluations that differ from one already made in one module's prompt pay ${Math.round(changedShare * 100)}% of their task calls: those from that module's first call on, averaged over the ${benchmark.program.modules.length} modules round-robin reflection changes in turn (call order measured with the rest: ${describeModuleCalls(prompt.moduleCalls)}${prompt.moduleCalls.uncalled.length > 0 ? `; ${prompt.moduleCalls.uncalled.join(', ')} not called on the instances measured, so a change to it is billed every call` : ''})`,
        ]
      : [];
  const cachedEvaluations = config.cache
    ? Math.round(expected.evaluations) - Math.round(expected.paidEvaluations)
    : 0;
  const testEvaluations = testEvaluationsAfter(evaluations);
  const searches = evaluations > options.sizes.validation;
  const sum = (list: readonly RoleEstimate[], pick: (role: RoleEstimate) => number) =>
    list.reduce((total, entry) => total + pick(entry), 0);
  const unshaped = Object.keys(estimate?.optimizerCalls ?? {}).filter(
    (name) => estimate?.callShapes?.[name] === undefined,
  );
  const shaped = Object.keys(estimate?.optimizerCalls ?? {}).filter(
    (name) => estimate?.callShapes?.[name] !== undefined,
  );
  const simulatedOptimizer = unshaped.some(
    (name) => parseModelString(roleModel(name)).provider === 'sim',
  );
  const sizing = [
    ...(shaped.length === 0
      ? []
      : [
          `optimizer calls (${shaped.join(', ')}) sized from the method's structure and the program measured: each call's own template, the ${Math.round(prompt.instructionTokens)}-token instructions and ${Math.round(prompt.executionTokens)}-token executions it shows, and an answer of what its contract asks for (a rewritten instruction, a ${Math.round(prompt.instanceTokens)}-token instance, a verdict) with a short frame; a real model that reasons at length around its answer writes more`,
        ]),
    ...(unshaped.length === 0
      ? []
      : [
          simulatedOptimizer
            ? `optimizer calls (${unshaped.join(', ')}) sized from the simulated optimizer's runs on the date world (its answers are a few dozen tokens)`
            : `optimizer calls (${unshaped.join(', ')}) sized from typical prompts and answers`,
        ]),
  ];
  return {
    benchmark: options.benchmarkId,
    method: method.id,
    evaluations,
    steps: isForgeVariant(method.id) ? (estimate?.optimizerCalls['reflect'] ?? 0) : 0,
    synthesisAttempts: isForgeVariant(method.id) ? (estimate?.optimizerCalls['generate'] ?? 0) : 0,
    roles,
    usd: sum(roles, (entry) => entry.usd ?? 0),
    upperBoundBasis: `the caps: the method's most under the evaluation budget (${config.budget.maxEvaluations.toLocaleString('en-US')})${estimate === undefined ? ', the whole of it' : ''}`,
    expected: {
      evaluations: Math.round(expected.evaluations),
      roles: expectedRoles,
      usd: sum(expectedRoles, (entry) => entry.usd ?? 0),
      wallSeconds: sum(expectedRoles, (entry) => entry.wallSeconds),
      basis: [
        expected.basis,
        ...(cachedEvaluations > 0
          ? [
              `task calls billed for ${Math.round(expected.paidEvaluations).toLocaleString('en-US')} of the ${Math.round(expected.evaluations).toLocaleString('en-US')} evaluations: the other ${cachedEvaluations.toLocaleString('en-US')} repeat an evaluation the run already made and its cache answers them`,
            ]
          : []),
        ...moduleCache,
        `${prompt.callsPerEvaluation.toFixed(1)} task call(s) per evaluation (${prompt.basis})`,
        ...sizing,
      ],
    },
    taskCalls: { perEvaluation: prompt.callsPerEvaluation, basis: prompt.basis },
    unpricedModels: [...unpriced],
    assumptions: [
      `${evaluations.toLocaleString('en-US')} task evaluations at most; ${prompt.callsPerEvaluation.toFixed(1)} task call(s) per evaluation of about ${Math.round(prompt.inputPerCall).toLocaleString('en-US')} prompt tokens and ${Math.round(prompt.outputPerCall).toLocaleString('en-US')} output tokens (${prompt.basis})`,
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
      ...sizing,
      `wall time: each call in flight reads ${estimateThroughput.inputTokensPerSecond.toLocaleString('en-US')} prompt tokens/s and writes ${estimateThroughput.outputTokensPerSecond} output tokens/s, a role runs its model's concurrency (8 when unset) calls at once, and roles run one after another`,
      config.cache
        ? "cached calls cost nothing: a call the run already made (a candidate evaluated again on an instance it saw, the calls before the module a proposal rewrote, a repeated generation, a resumed run) is not billed again; the upper bound bills every call, the expected figure takes off the repeats the method's structure implies"
        : 'the cache is off (cache: false): every call is billed, repeats included',
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

/**
 * One call's prompt and answer tokens from a method's call shape and the program's measured
 * sizes: its template, the instructions and executions it shows; the frame of its answer, the
 * instructions and instances it writes.
 */
export function shapedCallSize(
  shape: MethodCallShape,
  prompt: Pick<TaskPromptSize, 'instructionTokens' | 'executionTokens' | 'instanceTokens'>,
): { readonly input: number; readonly output: number } {
  return {
    input:
      shape.fixedPromptTokens +
      shape.instructionsShown * prompt.instructionTokens +
      shape.executionsShown * prompt.executionTokens,
    output:
      shape.fixedAnswerTokens +
      shape.instructionsWritten * prompt.instructionTokens +
      shape.instancesWritten * prompt.instanceTokens,
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
