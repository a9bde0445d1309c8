import { dirname } from 'node:path';
import { type FailureMode, modesOfEpoch, type Observation } from '@forge/memory';
import type { Benchmark, Instance, Splits } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { guardStore, writeFileSafely } from '@forge/store';
import {
  type AttemptRecord,
  auditLeakage,
  formatSynthesisReport,
  type LeakageAudit,
  readFailures,
  rejectedToJsonl,
  type SynthesizeResult,
  synthesize as synthesizeWithModels,
  toJsonl,
  toTrlRows,
  trlRowsToJsonl,
} from '@forge/synth';
import { type ModelConfig, modelConfigSchema } from '../config/forge-config-schema.js';
import {
  type BenchmarkInput,
  detachObjectInputs,
  type ModelInput,
  type ProgramObjectFields,
} from '../inputs/object-inputs.js';
import { readRunConfigWithObjects } from '../inputs/read-run-config-with-objects.js';
import { assertRunModulesTrusted } from '../inputs/run-modules.js';
import { registerConfigProviders } from '../models/register-config-providers.js';
import {
  loadConfiguredBenchmark,
  loadConfiguredSplits,
  withBenchmarkOverrides,
} from '../run/load-benchmark.js';
import { readRunState } from '../run/read-run-state.js';
import { createRunModels } from '../run/run-models.js';

/**
 * What `synthesizeFromFailures` needs: where failures come from, the benchmark, the models. The
 * benchmark may be an id, a `Benchmark` object, or a `Program` object with its metric and data;
 * each model a model string, settings, or a `LanguageModel` object.
 */
export interface SynthesizeFromFailuresConfig<
  Input = Readonly<Record<string, unknown>>,
  Gold = Readonly<Record<string, unknown>>,
  Output = Readonly<Record<string, unknown>>,
> extends Omit<ProgramObjectFields<Input, Gold, Output>, 'program'> {
  /** A run directory whose failure memory supplies the modes (its benchmark and models are the defaults). */
  readonly run?: string;
  /**
   * Import the program and provider modules `run`'s config.json names without their being given
   * again (they run as code: only for a run that is yours). Default false.
   */
  readonly trustRunModules?: boolean;
  /** Which epoch of the run's memory; default the latest epoch with modes. */
  readonly epoch?: number;
  /** A failures JSONL file (see `failureLineSchema` in @forge/synth), clustered by the assigner first. */
  readonly failures?: string;
  /** Your own provider modules, name → path (as in the optimize config). */
  readonly providers?: Readonly<Record<string, string>>;
  /** Benchmark id or `Benchmark` object (signature, tools and holdout come from it). */
  readonly benchmark?: BenchmarkInput;
  /** Or a module exporting your own benchmark, or a `Program` object (with `metric` and data). */
  readonly program?: ProgramObjectFields<Input, Gold, Output>['program'];
  /** Benchmark data directory. */
  readonly dataDir?: string;
  /** Benchmark settings. */
  readonly benchmarkSettings?: Readonly<Record<string, unknown>>;
  /** Generator (and assigner) model; default the run's optimizer model. */
  readonly model?: ModelInput;
  /** Verifier model; default `model`. */
  readonly verifierModel?: ModelInput;
  /** K: generation attempts. */
  readonly attempts: number;
  /** Seed. Default 0. */
  readonly seed?: number;
  /** The four intents (`cycle`, default) or one generic intent. */
  readonly intents?: 'cycle' | 'generic';
  /**
   * Guard against reproducing the benchmark's validation items (default true). The test split
   * decides nothing (SPEC §2): the admitted data is audited against validation and test after
   * generation instead (`leakageAudit`).
   */
  readonly holdout?: boolean;
  /** Output file for admitted instances. */
  readonly out?: string;
  /** `jsonl` (instances with provenance, default) or `trl` (a prompt column plus gold columns). */
  readonly format?: 'jsonl' | 'trl';
  /** Output file for rejected attempts (useful as negatives). */
  readonly rejectedOut?: string;
}

/** The config with its objects taken out (names in their place). */
type PlainSynthesizeFromFailuresConfig = Omit<
  SynthesizeFromFailuresConfig,
  'benchmark' | 'program' | 'model' | 'verifierModel'
> & {
  readonly benchmark?: string;
  readonly program?: string;
  readonly model?: ModelConfig;
  readonly verifierModel?: ModelConfig;
};

/** What `synthesizeFromFailures` returns: the synth result plus the report text and the files written. */
export interface SynthesizeFromFailuresResult extends SynthesizeResult {
  /** Human-readable accounting. */
  readonly reportText: string;
  /** Files written. */
  readonly files: readonly string[];
  /** The admitted data checked against validation and test (the paper's D.2), when splits load. */
  readonly leakageAudit?: LeakageAudit;
}

/**
 * Generates verified training data from a run's failure memory or from a failures JSONL, with
 * only a model and a benchmark signature needed — the standalone use of `@forge/synth`, driven by
 * config (this is what `forge synth` calls).
 */
export async function synthesizeFromFailures<
  Input = Readonly<Record<string, unknown>>,
  Gold = Readonly<Record<string, unknown>>,
  Output = Readonly<Record<string, unknown>>,
>(
  input: SynthesizeFromFailuresConfig<Input, Gold, Output>,
  options: { onAttemptEnd?: (record: AttemptRecord) => void; abortSignal?: AbortSignal } = {},
): Promise<SynthesizeFromFailuresResult> {
  const detached = detachObjectInputs(input, ['model', 'verifierModel']);
  const config = detached.value as PlainSynthesizeFromFailuresConfig;
  const objects = detached.objects;
  if ((config.run === undefined) === (config.failures === undefined)) {
    throw new InvalidArgumentError({
      argument: 'run',
      message: 'synthesizeFromFailures: give either a run directory or a failures file',
    });
  }
  // The run's task model is not used; its optimizer model only when no model is given here.
  const runConfig = readRunConfigWithObjects(config.run, objects, {
    call: 'synthesizeFromFailures',
    ...(config.model === undefined ? { modelField: 'optimizerModel' } : {}),
  });
  if (runConfig !== undefined && config.run !== undefined)
    assertRunModulesTrusted(config.run, runConfig, config, {
      trust: config.trustRunModules,
      call: 'synth --run',
    });
  const benchmarkConfig = withBenchmarkOverrides(runConfig, config);
  await registerConfigProviders(benchmarkConfig.providers);
  const { benchmark } = await loadConfiguredBenchmark(benchmarkConfig, objects.benchmark);
  const model = config.model ?? runConfig?.optimizerModel;
  if (model === undefined)
    throw new InvalidArgumentError({
      argument: 'model',
      message: 'model: name the generator model',
    });
  const models = createRunModels(
    {
      ...(runConfig ?? {}),
      taskModel: modelConfigSchema.parse(model),
      optimizerModel: modelConfigSchema.parse(model),
      roleModels:
        config.verifierModel === undefined
          ? {}
          : { verify: modelConfigSchema.parse(config.verifierModel) },
    } as Parameters<typeof createRunModels>[0],
    { models: objects.models },
  );
  const splits =
    config.holdout === false ? undefined : await loadSplitsOrNone(benchmark, benchmarkConfig);

  let failureModes: readonly FailureMode[] | undefined;
  let failures: readonly Observation[] | undefined;
  let training: readonly Instance[] = splits?.train ?? [];
  if (config.run !== undefined) {
    const { state } = await readRunState(config.run);
    const epochs = [...new Set(state.memory.modes.map((mode) => mode.epoch))];
    const epoch = config.epoch ?? epochs.at(-1) ?? 0;
    failureModes = modesOfEpoch(state.memory, epoch);
    if (failureModes.length === 0) {
      throw new InvalidArgumentError({
        argument: 'epoch',
        message: `epoch: the run has no failure modes in epoch ${epoch} (epochs with modes: ${epochs.join(', ') || 'none'})`,
      });
    }
    training = [...training, ...state.syntheticInstances];
  } else {
    failures = await readFailures(config.failures as string, { signature: benchmark.signature });
  }

  const result = await synthesizeWithModels({
    model: models.generate,
    verifierModel: models.verify,
    assignerModel: models.assign,
    signature: benchmark.signature,
    ...(failureModes === undefined ? {} : { failureModes }),
    ...(failures === undefined ? {} : { failures }),
    trainingInstances: training,
    ...(splits === undefined ? {} : { holdout: splits.validation }),
    attempts: config.attempts,
    seed: config.seed ?? 0,
    intents: config.intents ?? 'cycle',
    ...(benchmark.synthesisTools === undefined ? {} : { tools: benchmark.synthesisTools }),
    ...(options.onAttemptEnd === undefined ? {} : { onAttemptEnd: options.onAttemptEnd }),
    ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
  });
  const files: string[] = [];
  const write = (file: string, text: string) => {
    guardStore(dirname(file), () => writeFileSafely(file, text), file, { resumable: false });
    files.push(file);
  };
  if (config.out !== undefined) {
    write(
      config.out,
      config.format === 'trl'
        ? trlRowsToJsonl(toTrlRows(result.admitted, benchmark.signature))
        : toJsonl(result.admitted),
    );
  }
  if (config.rejectedOut !== undefined) write(config.rejectedOut, rejectedToJsonl(result.rejected));
  const leakageAudit =
    splits === undefined
      ? undefined
      : auditLeakage({
          signature: benchmark.signature,
          synthetic: result.admitted,
          partitions: { validation: splits.validation, test: splits.test },
        });
  return {
    ...result,
    reportText: formatSynthesisReport(result.report),
    files,
    ...(leakageAudit === undefined ? {} : { leakageAudit }),
  };
}

async function loadSplitsOrNone(
  benchmark: Benchmark,
  config: Parameters<typeof loadConfiguredSplits>[1],
): Promise<Splits | undefined> {
  return loadConfiguredSplits(benchmark, { ...config, subset: undefined } as Parameters<
    typeof loadConfiguredSplits
  >[1]);
}
