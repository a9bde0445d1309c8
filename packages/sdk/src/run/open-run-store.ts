import { type RetryEvent, redactSecrets } from '@forge/provider';
import { SqliteRetryRecorder, SqliteRunStore } from '@forge/store';
import type { ForgeConfig } from '../config/forge-config-schema.js';
import type { CallRetriedEvent, ForgeEvent } from './sdk-events.js';

/**
 * Opens the run directory as its one writer: takes the lease (a second writer is refused at once,
 * naming the holder), checks an existing database, and keeps a backup at the configured interval,
 * reporting each backup as an event.
 */
export function openRunStore(
  runDir: string,
  config: ForgeConfig,
  options: { readonly resumed: boolean; readonly emit: (event: ForgeEvent) => void },
): SqliteRunStore {
  return new SqliteRunStore(runDir, {
    writer: options.resumed ? 'forge optimize --resume' : 'forge optimize',
    backupIntervalMs: config.backupIntervalSeconds * 1000,
    onBackupWritten: (info, durationMs) =>
      options.emit({ type: 'backup-written', path: info.path, step: info.step, durationMs }),
    onBackupFailed: (error) =>
      options.emit({
        type: 'backup-failed',
        message: redactSecrets(error instanceof Error ? error.message : String(error)),
      }),
  });
}

/**
 * The retry listener of a run: every retried attempt becomes a row of `call_retries` and a
 * `call-retried` event, so time spent on failures is never invisible.
 */
export function retryListener(
  store: SqliteRunStore,
  emit: (event: ForgeEvent) => void,
): (event: RetryEvent) => void {
  const recorder = new SqliteRetryRecorder(store.database);
  return (event) => {
    const { at: _at, ...row } = recorder.record(event);
    const retried: CallRetriedEvent = { type: 'call-retried', ...row };
    emit(retried);
  };
}
