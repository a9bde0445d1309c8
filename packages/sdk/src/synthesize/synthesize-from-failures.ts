import { dirname, join } from 'node:path';
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
import {
  type ForgeConfig,
  type ModelConfig,
  modelConfigSchema,
} from '../config/forge-config-schema.js';
import { detachObjectInputs, type ModelInput, type ObjectInputs } from '../inputs/object-inputs.js';
import { assertRecordedEndpointsGiven } from '../inputs/recorded-endpoints.js';
import type { RunBenchmarkFields } from '../inputs/run-benchmark-fields.js';
import { loadConfiguredSplits } from '../run/load-benchmark.js';
import { loadRunBenchmark } from '../run/load-run-benchmark.js';
import { readRunState } from '../run/read-run-state.js';
import { createRunModels } from '../run/run-models.js';

/**
 * What `synthesizeFromFailures` needs: where failures come from, the benchmark (its signature,
 * tools and holdout), the models. The benchmark may be an id, a `Benchmark` object, or a
 * `Program` object with its metric and data; each model a model string, settings, or a
 * `LanguageModel` object.
 */
export interface SynthesizeFromFailuresConfig<
  Input = Readonly<Record<string, unknown>>,
  Gold = Readonly<Record<string, unknown>>,
  Output = Readonly<Record<string, unknown>>,
> extends RunBenchmarkFields<Input, Gold, Output> {
  /** A run directory whose failure memory supplies the modes (its benchmark and models are the defaults). */
  readonly run?: string;
  /** Which epoch of the run's memory; default the latest epoch with modes. */
  readonly epoch?: number;
  /** A failures JSONL file (see `failureLineSchema` in @forge/synth), filed into failure modes by the assigner first. */
  readonly failures?: string;
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
  const { runConfig, benchmarkConfig, benchmark } = await loadRunBenchmark(config, objects, {
    call: 'synthesizeFromFailures',
    command: 'synth --run',
    ...(config.model === undefined ? { modelField: 'optimizerModel' } : {}),
  });
  const models = createSynthesisModels(config, runConfig, objects.models);
  const splits =
    config.holdout === false ? undefined : await loadSplitsOrNone(benchmark, benchmarkConfig);
  const source = await readFailureSource(config, benchmark, splits?.train ?? []);
  const result = await synthesizeWithModels({
    model: models.generate,
    verifierModel: models.verify,
    assignerModel: models.assign,
    signature: benchmark.signature,
    ...(source.failureModes === undefined ? {} : { failureModes: source.failureModes }),
    ...(source.failures === undefined ? {} : { failures: source.failures }),
    trainingInstances: source.training,
    ...(splits === undefined ? {} : { holdout: splits.validation }),
    attempts: config.attempts,
    seed: config.seed ?? 0,
    intents: config.intents ?? 'cycle',
    ...(benchmark.synthesisTools === undefined ? {} : { tools: benchmark.synthesisTools }),
    ...(options.onAttemptEnd === undefined ? {} : { onAttemptEnd: options.onAttemptEnd }),
    ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
  });
  const files = writeSynthesisFiles(config, result, benchmark);
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

/** The generator (and assigner) model, and the verifier model: the given ones, or the run's optimizer model. */
function createSynthesisModels(
  config: PlainSynthesizeFromFailuresConfig,
  runConfig: ForgeConfig | undefined,
  modelObjects: ObjectInputs['models'],
): ReturnType<typeof createRunModels> {
  const model = config.model ?? runConfig?.optimizerModel;
  if (model === undefined)
    throw new InvalidArgumentError({
      argument: 'model',
      message: 'model: name the generator model',
    });
  const used = {
    ...(runConfig ?? {}),
    taskModel: modelConfigSchema.parse(model),
    optimizerModel: modelConfigSchema.parse(model),
    roleModels:
      config.verifierModel === undefined
        ? {}
        : { verify: modelConfigSchema.parse(config.verifierModel) },
  } as Parameters<typeof createRunModels>[0];
  if (runConfig !== undefined && config.run !== undefined) {
    assertRecordedEndpointsGiven({
      file: join(config.run, 'config.json'),
      recorded: runConfig,
      used,
      given: { model: config.model, verifierModel: config.verifierModel },
      environment: process.env,
      endpoints: config.endpoints,
      trust: config.trustRunModules,
      call: 'synth --run',
    });
  }
  return createRunModels(used, { models: modelObjects });
}

/** Where the failures come from: the modes of one epoch of a run's memory, or a failures file. */
interface FailureSource {
  /** The run's failure modes of the chosen epoch. */
  readonly failureModes?: readonly FailureMode[];
  /** The failures file's observations, for the assigner to file into failure modes. */
  readonly failures?: readonly Observation[];
  /** Training instances to mutate: the split's, and a run's synthetic instances. */
  readonly training: readonly Instance[];
}

async function readFailureSource(
  config: PlainSynthesizeFromFailuresConfig,
  benchmark: Benchmark,
  training: readonly Instance[],
): Promise<FailureSource> {
  if (config.run === undefined) {
    const failures = await readFailures(config.failures as string, {
      signature: benchmark.signature,
    });
    return { failures, training };
  }
  const { state } = await readRunState(config.run);
  const epochs = [...new Set(state.memory.modes.map((mode) => mode.epoch))];
  const epoch = config.epoch ?? epochs.at(-1) ?? 0;
  const failureModes = modesOfEpoch(state.memory, epoch);
  if (failureModes.length === 0) {
    throw new InvalidArgumentError({
      argument: 'epoch',
      message: `epoch: the run has no failure modes in epoch ${epoch} (epochs with modes: ${epochs.join(', ') || 'none'})`,
    });
  }
  return { failureModes, training: [...training, ...state.syntheticInstances] };
}

/** Writes the admitted instances (`out`) and the rejected attempts (`rejectedOut`); returns the files. */
function writeSynthesisFiles(
  config: PlainSynthesizeFromFailuresConfig,
  result: SynthesizeResult,
  benchmark: Benchmark,
): string[] {
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
  return files;
}

async function loadSplitsOrNone(
  benchmark: Benchmark,
  config: Parameters<typeof loadConfiguredSplits>[1],
): Promise<Splits | undefined> {
  return loadConfiguredSplits(benchmark, { ...config, subset: undefined } as Parameters<
    typeof loadConfiguredSplits
  >[1]);
}
