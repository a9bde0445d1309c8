import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { InvalidArgumentError } from '@forge/provider';
import { recordRunInvocation, type SqliteRunStore } from '@forge/store';
import { openRunStore } from './open-run-store.js';
import type { RunSuiteCell } from './optimize-options.js';
import type { PreparedRun } from './prepare-run.js';
import type { LoadedRunConfig } from './read-optimize-config.js';
import { defaultRunDir, isRunDirectory, saveRunConfig } from './run-directory.js';
import type { RunModels } from './run-models.js';
import type { ForgeEvent } from './sdk-events.js';

/**
 * Stage 5 of `optimize`: opens the run directory as its one writer — the one being resumed, or
 * a new one (`runDir`, or a default named after the benchmark) that must not hold a run yet.
 */
export function openRun(
  loaded: LoadedRunConfig,
  prepared: PreparedRun,
  emit: (event: ForgeEvent) => void,
): { readonly runDir: string; readonly store: SqliteRunStore } {
  const resuming = loaded.resumed !== undefined;
  const runDir = resolve(
    loaded.resumed?.runDir ?? loaded.config.runDir ?? defaultRunDir(prepared.id),
  );
  if (!resuming && isRunDirectory(runDir)) {
    throw new InvalidArgumentError({
      argument: 'runDir',
      message: `runDir: ${runDir} already holds a run; continue it with --resume ${runDir}, or choose another run directory`,
    });
  }
  return { runDir, store: openRunStore(runDir, loaded.config, { resumed: resuming, emit }) };
}

/**
 * Records the start of a run in its directory: on a first start the config, the splits and the
 * run's header fields; on every start its labels (`runLabels`), the status, the start time (meta `invocations`, a JSON
 * array of ISO 8601 times), the writer (so `forge runs` can tell a live run from one that was
 * killed) and the unpriced models. Emits `run-prepared`.
 */
export function recordRunStart(options: {
  readonly runDir: string;
  readonly store: SqliteRunStore;
  readonly loaded: LoadedRunConfig;
  readonly prepared: PreparedRun;
  readonly models: RunModels;
  readonly emit: (event: ForgeEvent) => void;
  readonly suiteCell?: RunSuiteCell;
}): { readonly simulated: boolean } {
  const { runDir, store, loaded, prepared, models } = options;
  const { config } = loaded;
  const { method, benchmark, splits } = prepared;
  const simulated = Object.values(models.names).some((name) => name.startsWith('sim:'));
  // Forge's variants write a run header; every method's first start records its id.
  const resumed = store.getMeta('header') !== undefined || store.getMeta('method') !== undefined;
  if (!resumed) {
    saveRunConfig(runDir, { ...config, runDir }, loaded.objects.fields);
    store.writeInstances('train', splits.train);
    store.writeInstances('validation', splits.validation);
    store.writeInstances('test', splits.test);
    for (const [key, value] of Object.entries({
      benchmark: prepared.id,
      title: benchmark.title,
      method: method.id,
      variant: method.id,
      models: JSON.stringify(models.names),
      simulated: String(simulated),
      max_evaluations: String(config.budget.maxEvaluations),
    })) {
      store.setMeta(key, value);
    }
  } else {
    store.setMeta('max_evaluations', String(config.budget.maxEvaluations));
  }
  for (const [key, value] of Object.entries(runLabels(loaded, prepared, options.suiteCell)))
    store.setMeta(key, value);
  store.setMeta('status', 'running');
  // Every start, so a report can tell how long the run ran without the pauses between starts.
  recordRunInvocation(store);
  store.setMeta('writer_pid', String(process.pid));
  store.setMeta('writer_host', hostname());
  store.setMeta('unpriced_models', JSON.stringify(models.unpricedModels));
  options.emit({
    type: 'run-prepared',
    runDir,
    benchmark: prepared.id,
    title: benchmark.title,
    method: method.id,
    methodTitle: method.title,
    variant: method.id,
    models: models.names,
    sizes: {
      train: splits.train.length,
      validation: splits.validation.length,
      test: splits.test.length,
    },
    resumed,
    simulated,
    unpricedModels: models.unpricedModels,
  });
  return { simulated };
}

/**
 * What a run's report labels it with, for every method (only Forge's variants write a run
 * header): its `seed`, the method's `profile` when its settings have one (GEPA, ACE, MIPROv2),
 * and the suite cell it is (`suite_cell`, JSON) when a suite runs it. Written on every start, so
 * a run started before these were recorded gets them when it is resumed.
 */
export function runLabels(
  loaded: Pick<LoadedRunConfig, 'config'>,
  prepared: Pick<PreparedRun, 'settings'>,
  suiteCell: RunSuiteCell | undefined,
): Record<string, string> {
  const profile = prepared.settings['profile'];
  return {
    seed: String(loaded.config.seed),
    ...(typeof profile === 'string' ? { profile } : {}),
    ...(suiteCell === undefined
      ? {}
      : {
          suite_cell: JSON.stringify({
            id: suiteCell.id,
            arm: suiteCell.arm,
            role: suiteCell.role,
          }),
        }),
  };
}
