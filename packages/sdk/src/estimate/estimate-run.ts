import { seedPrompts } from '@forge/program';
import {
  defaultPriceTable,
  estimateRequestTokens,
  findModelPrice,
  type GenerateRequest,
  type LanguageModel,
  mergePriceTables,
  parseModelString,
  parsePriceTable,
  priceUsage,
} from '@forge/provider';
import type { ForgeConfig, ForgeConfigInput } from '../config/forge-config-schema.js';
import { parseForgeConfig } from '../config/load-config.js';
import { loadMethod } from '../methods/method-registry.js';
import { registerConfigProviders } from '../models/register-config-providers.js';
import { loadConfiguredBenchmark, loadConfiguredSplits } from '../run/load-benchmark.js';
import { isForgeVariant, methodSettingsOf } from '../run/run-method-context.js';
import { createRunModels, modelSettings } from '../run/run-models.js';

/** One role's share of an estimate. */
export interface RoleEstimate {
  readonly role: string;
  readonly model: string;
  readonly calls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** USD from the price table; undefined when the model has no price. */
  readonly usd: number | undefined;
}

/** What `forge optimize --dry-run` prints: an upper-bound estimate, and the assumptions behind it. */
export interface RunEstimate {
  readonly benchmark: string;
  readonly evaluations: number;
  /** Forge's search steps; 0 for peer methods, which estimate their own units (see `assumptions`). */
  readonly steps: number;
  readonly synthesisAttempts: number;
  readonly roles: readonly RoleEstimate[];
  /** Total USD of the priced roles. */
  readonly usd: number;
  /** Models without a price (counted as 0). */
  readonly unpricedModels: readonly string[];
  /** The assumptions, in words, so the user can judge the numbers. */
  readonly assumptions: readonly string[];
}

// Rough per-call sizes of the optimizer roles, from the prompts' lengths and typical answers.
const typical = {
  taskOutput: 400,
  acceptRate: 0.15,
  imperfectRate: 0.6,
  reflect: { output: 1500 },
  assign: { system: 1100, output: 120 },
  generate: { calls: 2, input: 4000, output: 1200 },
  verify: { calls: 2, input: 3000, output: 500 },
};

/**
 * Estimates calls, tokens and cost of a run before anything is spent: measures the task
 * program's prompt size on a few training instances with a model that answers nothing, then
 * scales by the budget and the synthesis schedule. Checks the config, the data and the model
 * settings on the way, like `optimize`.
 */
export async function estimateRun(input: ForgeConfigInput): Promise<RunEstimate> {
  const config: ForgeConfig = parseForgeConfig({ file: '<options>', value: input });
  await registerConfigProviders(config.providers);
  const { id, benchmark } = await loadConfiguredBenchmark(config);
  const splits = await loadConfiguredSplits(benchmark, config);
  createRunModels(config);
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
  const sample = splits.train.slice(0, 5);
  for (const instance of sample) {
    try {
      await benchmark.program.run(instance, seedPrompts(benchmark.program), { model: silent });
    } catch {
      // A program that cannot go on with an empty answer still showed its first prompt.
    }
  }
  const callsPerEvaluation = Math.max(1, requests.length / Math.max(1, sample.length));
  const inputPerCall =
    requests.length === 0
      ? 500
      : requests.reduce((total, request) => total + estimateRequestTokens(request), 0) /
        requests.length;

  const batch = config.minibatchSize;
  const validation = splits.validation.length;
  const evaluations = config.budget.maxEvaluations;
  const perStep = 2 * batch + typical.acceptRate * validation;
  const steps =
    config.method === 'baseline'
      ? 0
      : Math.max(0, Math.floor((evaluations - validation) / perStep));
  const schedule = { ...benchmark.synthesis, ...config.synthesis };
  // Only Forge's synthesis variants synthesize; peer methods (GEPA, …) search prompts only.
  const synthesizes = ['forge', 'failure-memory', 'random-synthesis'].includes(config.method);
  const attempts = synthesizes ? schedule.epochs * schedule.attempts : 0;
  const assigns =
    config.method === 'forge' || config.method === 'failure-memory'
      ? Math.round(steps * batch * typical.imperfectRate)
      : 0;
  const observation = inputPerCall * callsPerEvaluation + typical.taskOutput;

  const names = createRunModels(config).names;
  const prices = mergePriceTables(
    defaultPriceTable,
    config.prices === undefined ? undefined : parsePriceTable(toPrices(config.prices)),
  );
  const unpriced = new Set<string>();
  const roleOf = (
    modelNames: Readonly<Record<string, string>>,
    name: string,
    calls: number,
    inputTokens: number,
    outputTokens: number,
  ): RoleEstimate => {
    const model = modelSettings({ model: modelNames[name] ?? modelNames['reflect'] ?? '' }).model;
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
    };
  };
  const role = (name: string, calls: number, inputTokens: number, outputTokens: number) =>
    roleOf(names, name, calls, inputTokens, outputTokens);
  const method = await loadMethod(config.method);
  if (!isForgeVariant(method.id) && method.estimate !== undefined) {
    // A peer method knows its own spend: its task evaluations and its calls by role.
    const estimate = method.estimate({
      maxEvaluations: evaluations,
      trainingSize: splits.train.length,
      validationSize: validation,
      modules: benchmark.program.modules.map((module) => module.name),
      minibatchSize: batch,
      settings: methodSettingsOf(method, config, { file: '<options>' }),
      synthesis: benchmark.synthesis,
    });
    const methodNames = createRunModels(config, { roles: method.roles }).names;
    const taskCalls = estimate.taskEvaluations * callsPerEvaluation;
    const roles = [
      role('task', taskCalls, taskCalls * inputPerCall, taskCalls * typical.taskOutput),
      ...[...new Set([...method.roles, ...Object.keys(estimate.optimizerCalls)])].map((name) => {
        const calls = estimate.optimizerCalls[name] ?? 0;
        return roleOf(
          methodNames,
          name,
          calls,
          calls * (2000 + batch * observation),
          calls * typical.reflect.output,
        );
      }),
    ];
    return {
      benchmark: id,
      evaluations: estimate.taskEvaluations,
      steps: 0,
      synthesisAttempts: 0,
      roles,
      usd: roles.reduce((total, entry) => total + (entry.usd ?? 0), 0),
      unpricedModels: [...unpriced],
      assumptions: [
        `${method.title}: ${estimate.taskEvaluations} of ${evaluations} task evaluations at most; ${callsPerEvaluation.toFixed(1)} task call(s) per evaluation of about ${Math.round(inputPerCall)} prompt tokens (measured on ${sample.length} training instances) and ${typical.taskOutput} output tokens`,
        ...estimate.assumptions,
        `optimizer calls of about ${Math.round(2000 + batch * observation)} prompt and ${typical.reflect.output} output tokens each`,
        'cached calls cost nothing, so a resumed run costs less',
      ],
    };
  }
  const taskCalls = evaluations * callsPerEvaluation;
  const roles = [
    role('task', taskCalls, taskCalls * inputPerCall, taskCalls * typical.taskOutput),
    role('reflect', steps, steps * (2000 + batch * observation), steps * typical.reflect.output),
    role(
      'assign',
      assigns,
      assigns * (typical.assign.system + observation),
      assigns * typical.assign.output,
    ),
    role(
      'generate',
      attempts * typical.generate.calls,
      attempts * typical.generate.calls * (typical.generate.input + observation),
      attempts * typical.generate.calls * typical.generate.output,
    ),
    role(
      'verify',
      attempts * typical.verify.calls,
      attempts * typical.verify.calls * typical.verify.input,
      attempts * typical.verify.calls * typical.verify.output,
    ),
  ];
  return {
    benchmark: id,
    evaluations,
    steps,
    synthesisAttempts: attempts,
    roles,
    usd: roles.reduce((total, entry) => total + (entry.usd ?? 0), 0),
    unpricedModels: [...unpriced],
    assumptions: [
      `the whole evaluation budget (${evaluations}) is spent; ${callsPerEvaluation.toFixed(1)} task call(s) per evaluation of about ${Math.round(inputPerCall)} prompt tokens (measured on ${sample.length} training instances) and ${typical.taskOutput} output tokens`,
      `${Math.round(typical.acceptRate * 100)}% of proposals are accepted (each costs a validation pass of ${validation}); ${Math.round(typical.imperfectRate * 100)}% of minibatch evaluations are imperfect`,
      synthesizes
        ? `all ${schedule.epochs} synthesis events run, ${schedule.attempts} attempts each, about ${typical.generate.calls} generator and ${typical.verify.calls} verifier calls per attempt`
        : 'no synthesis',
      'cached calls cost nothing, so a resumed run costs less',
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
