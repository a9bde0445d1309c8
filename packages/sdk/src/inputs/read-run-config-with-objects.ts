import { join } from 'node:path';
import type { ForgeConfig } from '../config/forge-config-schema.js';
import { readSavedRunConfig } from '../run/run-directory.js';
import { assertObjectsGivenAgain, type ObjectInputs } from './object-inputs.js';

/**
 * A run's saved config, for a call that re-reads the run (`evaluate`, `synthesizeFromFailures`), once the
 * objects that call needs are given again: the run's benchmark or program object always, and the
 * model object of `modelField` when the call uses the run's model.
 *
 * @param runDir the run directory (`undefined`: no run, no config)
 * @param call the call's name for the message, e.g. `evaluate`
 * @throws ConfigError naming the run's config file and each object missing
 */
export function readRunConfigWithObjects(
  runDir: string | undefined,
  objects: ObjectInputs,
  options: {
    readonly call: string;
    readonly modelField?: string;
    /** Other object fields the call uses from the run (its module models), besides `modelField`. */
    readonly usesRunObject?: (field: string) => boolean;
  },
): ForgeConfig | undefined {
  if (runDir === undefined) return undefined;
  const saved = readSavedRunConfig(runDir);
  assertObjectsGivenAgain(saved.objectInputs, objects, {
    file: join(runDir, 'config.json'),
    call: (fields) => `${options.call}({ run, ${fields} })`,
    needed: (field) =>
      field === 'benchmark' ||
      field === 'program' ||
      field === options.modelField ||
      options.usesRunObject?.(field) === true,
  });
  return saved.config;
}
