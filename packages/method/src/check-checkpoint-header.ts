import type { CheckpointHeader } from './checkpoint-store.js';
import { RunMismatchError } from './run-mismatch-error.js';

/**
 * Refuses to resume a saved run whose method, format or identity differs from the current
 * one, naming the first field that differs.
 */
export function checkCheckpointHeader(saved: CheckpointHeader, current: CheckpointHeader): void {
  if (saved.method !== current.method) {
    throw new RunMismatchError({
      field: 'method',
      message: `cannot resume: the run directory holds a ${saved.method} run, not ${current.method} (start a new run directory, or resume with --method ${saved.method})`,
    });
  }
  if (saved.formatVersion !== current.formatVersion) {
    throw new RunMismatchError({
      field: 'formatVersion',
      message: `cannot resume: the run was saved in format ${saved.formatVersion} of ${saved.method}; this version reads format ${current.formatVersion}`,
    });
  }
  const keys = new Set([...Object.keys(saved.identity), ...Object.keys(current.identity)]);
  for (const key of keys) {
    if (JSON.stringify(saved.identity[key]) !== JSON.stringify(current.identity[key])) {
      throw new RunMismatchError({
        field: key,
        message: `cannot resume: the saved run's ${key} differs from this configuration (start a new run, or restore the original ${key})`,
      });
    }
  }
}
