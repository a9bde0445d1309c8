import { join } from 'node:path';
import { SqliteCallCache, SqliteCallRecorder, type SqliteRunStore } from '@forge/store';
import type { RunTelemetry } from '@forge/telemetry';
import { checkCostLimit } from './check-cost-limit.js';
import { retryListener } from './open-run-store.js';
import { recordWithTelemetry } from './open-run-telemetry.js';
import type { PreparedRun } from './prepare-run.js';
import type { LoadedRunConfig } from './read-optimize-config.js';
import { assertSecretsResupplied, explainMissingSecret } from './restore-secrets.js';
import { createRunModels, type RunModels } from './run-models.js';
import type { ForgeEvent } from './sdk-events.js';

/**
 * Stage 4 of `optimize`: resolves every role's model once without a run directory, so a missing
 * key, an unknown provider or a cost limit the budget would pass fails before anything is
 * created. On a resume, every redacted secret must be given again. Returns the environment the
 * run's models read their keys from.
 */
export function checkRunModels(
  loaded: LoadedRunConfig,
  prepared: PreparedRun,
  environmentInput: Record<string, string | undefined> | undefined,
): Record<string, string | undefined> {
  const { config, resumed } = loaded;
  // A copy: process.env is not a plain object, and settings validation expects one.
  const environment = { ...(environmentInput ?? process.env) };
  if (resumed !== undefined) {
    assertSecretsResupplied(
      config,
      resumed.removedSecrets,
      environment,
      join(resumed.runDir, 'config.json'),
    );
  }
  let checked: RunModels;
  try {
    checked = createRunModels(config, {
      environment,
      roles: prepared.method.roles,
      models: loaded.objects.models,
    });
  } catch (error) {
    throw explainMissingSecret(error, resumed?.removedSecrets ?? []);
  }
  checkCostLimit(config, checked, loaded.file);
  return environment;
}

/**
 * The run's models, resolved again on the open run directory: every call is recorded (and
 * cached when `cache` is on), every retry and pool event reaches the run's events.
 */
export function openRunModels(options: {
  readonly loaded: LoadedRunConfig;
  readonly prepared: PreparedRun;
  readonly environment: Record<string, string | undefined>;
  readonly store: SqliteRunStore;
  readonly emit: (event: ForgeEvent) => void;
  /** The run's telemetry, which hears every call too. */
  readonly telemetry?: RunTelemetry | undefined;
}): RunModels {
  const { loaded, prepared, store, emit } = options;
  return createRunModels(loaded.config, {
    environment: options.environment,
    roles: prepared.method.roles,
    onRetry: retryListener(store, emit),
    taskConcurrency: prepared.sizedConfig.concurrency,
    // A cached answer is saved by the same batch as the record of the call that paid for it.
    recorder: recordWithTelemetry(
      new SqliteCallRecorder(store.database, { releaseCachedAnswers: true }),
      options.telemetry,
    ),
    ...(loaded.config.cache
      ? { cache: new SqliteCallCache(store.database, { holdUntilRecorded: true }) }
      : {}),
    onPoolEvent: emit,
    models: loaded.objects.models,
  });
}
