import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { databaseFileName, guardStore, writeFileSafely } from '@forge/store';
import { ConfigError } from '../config/config-error.js';
import type { ForgeConfig } from '../config/forge-config-schema.js';
import { parseForgeConfig } from '../config/load-config.js';
import { redactConfig } from './redact-config.js';
import { withoutRedactedSecrets } from './restore-secrets.js';

/** The config saved in every run directory, so `--resume` needs nothing else. */
export const runConfigFileName = 'config.json';

/** A fresh run directory name: `forge-runs/<benchmark>-<yyyymmdd-hhmmss>` (suffixed when taken). */
export function defaultRunDir(benchmark: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const base = join('forge-runs', `${benchmark.replace(/[^A-Za-z0-9_-]+/g, '-')}-${stamp}`);
  let candidate = base;
  for (let index = 2; existsSync(candidate); index++) candidate = `${base}-${index}`;
  return candidate;
}

/** True when the directory holds a Forge run. */
export function isRunDirectory(runDir: string): boolean {
  return existsSync(join(runDir, databaseFileName));
}

export { redactConfig } from './redact-config.js';

/**
 * The key of `config.json` listing the config fields that were objects (model objects, a
 * `Benchmark` or `Program` object). Their names are saved in their place; the objects are not, so
 * a resume must be given them again.
 */
export const objectInputsKey = 'objectInputs';

/**
 * Saves the run's config, with the fields that held objects listed under `objectInputs`.
 * @throws StorageError when the disk is full or read-only.
 */
export function saveRunConfig(
  runDir: string,
  config: ForgeConfig,
  objectFields: readonly string[] = [],
): void {
  const file = join(runDir, runConfigFileName);
  const saved = {
    ...redactConfig(config),
    ...(objectFields.length === 0 ? {} : { [objectInputsKey]: [...objectFields] }),
  };
  guardStore(
    runDir,
    () => writeFileSafely(file, `${JSON.stringify(saved, null, 2)}\n`, { within: runDir }),
    file,
  );
}

/** Reads a run's saved config; its secrets were never saved and are left out. */
export function loadRunConfig(runDir: string): ForgeConfig {
  return readSavedRunConfig(runDir).config;
}

/**
 * Reads a run's saved config, leaving out the secrets that were redacted when it was saved (so
 * each comes again from its source, never as the placeholder), and says which they were.
 * @throws ConfigError naming the file.
 */
export function readSavedRunConfig(runDir: string): {
  readonly config: ForgeConfig;
  readonly removedSecrets: readonly string[];
  /** The config fields that were objects when the run started (see `objectInputsKey`). */
  readonly objectInputs: readonly string[];
} {
  const file = join(runDir, runConfigFileName);
  if (!isRunDirectory(runDir)) {
    throw new ConfigError({
      file: runDir,
      message: 'no Forge run here (no forge.db); check the path given to --resume',
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError({
      file,
      message: `cannot read the run's config: ${(error as Error).message}`,
      cause: error,
    });
  }
  const { [objectInputsKey]: objectInputs, ...rest } = (value ?? {}) as Record<string, unknown>;
  const { value: withoutSecrets, removed } = withoutRedactedSecrets(rest);
  return {
    config: parseForgeConfig({ file, value: withoutSecrets }),
    removedSecrets: removed,
    objectInputs: Array.isArray(objectInputs) ? objectInputs.map(String) : [],
  };
}
