import { join } from 'node:path';
import { createLimiter, evaluateMany } from '@forge/core';
import {
  type Benchmark,
  DatasetError,
  type Instance,
  isValidScore,
  readJsonl,
  type Splits,
} from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { guardStore, openRunDatabase } from '@forge/store';
import { z } from 'zod';
import type { ForgeConfig, ModelConfig } from '../config/forge-config-schema.js';
import { detachObjectInputs, type ModelInput, type ObjectInputs } from '../inputs/object-inputs.js';
import { assertRecordedEndpointsGiven } from '../inputs/recorded-endpoints.js';
import type { RunBenchmarkFields } from '../inputs/run-benchmark-fields.js';
import { loadConfiguredSplits } from '../run/load-benchmark.js';
import { loadRunBenchmark } from '../run/load-run-benchmark.js';
import { runConcurrency } from '../run/run-concurrency.js';
import { createRunModels } from '../run/run-models.js';
import {
  type EvaluateProgramConfig,
  evaluateProgram,
  type ProgramEvaluationResult,
} from './evaluate-program.js';
import type { EvaluatedInstance, EvaluateResult } from './evaluate-result.js';
import { type RunCandidate, runCandidate } from './run-candidate.js';

/**
 * What `evaluate` scores: a predictions file with a benchmark's metric, or a run's candidate on a
 * split. The benchmark may be an id, a `Benchmark` object, or a `Program` object with its metric
 * and data (`program`, `metric`, `train`, `validation`, `test`); the task model a model string,
 * settings, or a `LanguageModel` object.
 */
export interface EvaluateConfig<
  Input = Readonly<Record<string, unknown>>,
  Gold = Readonly<Record<string, unknown>>,
  Output = Readonly<Record<string, unknown>>,
> extends RunBenchmarkFields<Input, Gold, Output> {
  /** A predictions JSONL: one `{"id": "<instance id>", "output": {<output fields>}}` per line. */
  readonly predictions?: string;
  /** A run directory whose candidate (prompts, and demonstrations when it has any) is evaluated. */
  readonly run?: string;
  /** Candidate index, or `best` (default) or `seed`. */
  readonly candidate?: number | 'best' | 'seed';
  /** Split to evaluate on. Default `test`. */
  readonly split?: 'train' | 'validation' | 'test';
  /** Task model (default: the run's). */
  readonly taskModel?: ModelInput;
  /**
   * Task models of particular modules, by module name (default: the run's `moduleModels`; a
   * module named here replaces the run's model for it).
   */
  readonly moduleModels?: Readonly<Record<string, ModelInput>>;
  /** Evaluations in flight. Default: the split's size, capped by the task model's limits. */
  readonly concurrency?: number;
}

/** The config with its objects taken out (names in their place). */
type PlainEvaluateConfig = Omit<
  EvaluateConfig,
  'benchmark' | 'program' | 'taskModel' | 'moduleModels'
> & {
  readonly benchmark?: string;
  readonly program?: string;
  readonly taskModel?: ModelConfig;
  readonly moduleModels?: Readonly<Record<string, ModelConfig>>;
};

const predictionLine = z.strictObject({
  id: z.string().min(1),
  output: z.record(z.string(), z.unknown()),
});

/**
 * Runs a program on data with the given prompts (default its seed prompts) and scores every
 * instance with the metric, with no run directory — `evaluate({ program, metric, data, model })`.
 * The data is checked against the program's schemas before any call; the result has each
 * instance's output, score, feedback, trace and usage, the mean, and the cost.
 */
export function evaluate<
  Input = Readonly<Record<string, unknown>>,
  Gold = Readonly<Record<string, unknown>>,
  Output = Readonly<Record<string, unknown>>,
>(input: EvaluateProgramConfig<Input, Gold, Output>): Promise<ProgramEvaluationResult<Output>>;
/**
 * Scores predictions with a benchmark's metric (the metric alone: no model is called), or a run's
 * candidate prompts on a split with the task model (`forge eval`).
 */
export function evaluate<
  Input = Readonly<Record<string, unknown>>,
  Gold = Readonly<Record<string, unknown>>,
  Output = Readonly<Record<string, unknown>>,
>(input: EvaluateConfig<Input, Gold, Output>): Promise<EvaluateResult>;
export async function evaluate(
  input: EvaluateConfig | EvaluateProgramConfig,
): Promise<EvaluateResult> {
  // The form that runs a program on data is the one with `data`.
  if ('data' in input && input.data !== undefined) return evaluateProgram(input);
  const detached = detachObjectInputs(input, ['taskModel', 'moduleModels.*']);
  const config = detached.value as PlainEvaluateConfig;
  const objects = detached.objects;
  if ((config.predictions === undefined) === (config.run === undefined)) {
    throw new InvalidArgumentError({
      argument: 'predictions',
      message: 'evaluate: give either a predictions file or a run directory',
    });
  }
  // Scoring predictions calls no model; a task model given here replaces the run's.
  const { runConfig, benchmarkConfig, benchmark } = await loadRunBenchmark(config, objects, {
    call: 'evaluate',
    command: 'eval --run',
    ...(config.predictions === undefined && config.taskModel === undefined
      ? { modelField: 'taskModel' }
      : {}),
    // A module model object of the run is needed again unless this call names the module's model.
    ...(config.predictions === undefined
      ? {
          usesRunObject: (field: string) =>
            field.startsWith('moduleModels.') &&
            !Object.hasOwn(config.moduleModels ?? {}, field.slice('moduleModels.'.length)),
        }
      : {}),
  });
  const splits = await loadConfiguredSplits(benchmark, {
    ...benchmarkConfig,
    subset: undefined,
  } as Parameters<typeof loadConfiguredSplits>[1]);
  if (config.predictions !== undefined)
    return scorePredictions(config.predictions, benchmark, splits);
  return scoreRunCandidate(config, runConfig, { benchmark, splits, models: objects.models });
}

/** Scores each line of a predictions file with the benchmark's metric alone. */
async function scorePredictions(
  file: string,
  benchmark: Benchmark,
  splits: Splits,
): Promise<EvaluateResult> {
  const byId = new Map<string, Instance>();
  for (const instance of [...splits.train, ...splits.validation, ...splits.test])
    byId.set(instance.id, instance);
  const lines = await readJsonl(file, predictionLine);
  const instances: EvaluatedInstance[] = [];
  for (const { line, value } of lines) {
    const instance = byId.get(value.id);
    if (instance === undefined) {
      throw new DatasetError({
        file,
        line,
        field: 'id',
        message: `no instance "${value.id}" in the ${benchmark.id} splits`,
      });
    }
    const evaluation = await benchmark.evaluate(instance, { output: value.output, trace: [] });
    if (!isValidScore(evaluation.score)) {
      throw new DatasetError({
        file,
        line,
        message: `the metric returned ${String(evaluation.score)}`,
      });
    }
    instances.push({
      id: value.id,
      score: evaluation.score,
      ...(evaluation.feedback === undefined ? {} : { feedback: evaluation.feedback }),
    });
  }
  return {
    score: mean(instances),
    instances,
    subject: `${lines.length} predictions from ${file}`,
  };
}

/** Scores a run's candidate (its prompts, and demonstrations when it has any) on a split. */
async function scoreRunCandidate(
  config: PlainEvaluateConfig,
  runConfig: ForgeConfig | undefined,
  task: {
    readonly benchmark: Benchmark;
    readonly splits: Splits;
    readonly models: ObjectInputs['models'];
  },
): Promise<EvaluateResult> {
  const runDir = config.run as string;
  const database = openRunDatabase(runDir, { readonly: true });
  let row: RunCandidate | undefined;
  try {
    row = guardStore(runDir, () => runCandidate(database, config.candidate ?? 'best'));
  } finally {
    database.close();
  }
  if (row === undefined) {
    throw new InvalidArgumentError({
      argument: 'candidate',
      message: `candidate: ${String(config.candidate)} is not in ${runDir}`,
    });
  }
  const taskModel = config.taskModel ?? runConfig?.taskModel;
  // Only the task model is called: the optimizer roles resolve to it, so a run whose optimizer
  // model needs a key (or was an object) is evaluated without it.
  const moduleModels = { ...runConfig?.moduleModels, ...config.moduleModels };
  const modelConfig = {
    ...(runConfig as object),
    taskModel,
    optimizerModel: taskModel,
    roleModels: {},
    moduleModels,
  } as Parameters<typeof createRunModels>[0];
  assertRecordedEndpointsGiven({
    file: join(runDir, 'config.json'),
    recorded: runConfig,
    used: modelConfig,
    given: { taskModel: config.taskModel, moduleModels: config.moduleModels },
    environment: process.env,
    endpoints: config.endpoints,
    trust: config.trustRunModules,
    call: 'eval --run',
  });
  const split = config.split ?? 'test';
  const concurrency = runConcurrency(
    { concurrency: config.concurrency, taskModel: modelConfig.taskModel },
    task.splits[split].length,
  );
  const models = createRunModels(modelConfig, {
    taskConcurrency: concurrency,
    models: task.models,
  });
  const evaluations = await evaluateMany({
    program: task.benchmark.program,
    evaluate: task.benchmark.evaluate,
    model: models.task,
    prompts: row.prompts,
    ...(row.demos === undefined ? {} : { demos: row.demos }),
    instances: task.splits[split],
    limit: createLimiter(concurrency),
  });
  const instances = evaluations.map((evaluated) => ({
    id: evaluated.instance.id,
    score: evaluated.evaluation.score,
    ...(evaluated.evaluation.feedback === undefined
      ? {}
      : { feedback: evaluated.evaluation.feedback }),
  }));
  return {
    score: mean(instances),
    instances,
    subject: `candidate ${row.candidate} of ${runDir} on the ${split} split`,
  };
}

function mean(instances: readonly EvaluatedInstance[]): number {
  return instances.length === 0
    ? 0
    : instances.reduce((total, item) => total + item.score, 0) / instances.length;
}
