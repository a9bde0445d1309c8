import { join, resolve } from 'node:path';
import type { ForgeConfig, ForgeConfigInput } from '../config/forge-config-schema.js';
import { parseForgeConfig } from '../config/load-config.js';
import {
  assertObjectsGivenAgain,
  detachObjectInputs,
  type ObjectInputs,
} from '../inputs/object-inputs.js';
import { assertRecordedEndpointsGiven } from '../inputs/recorded-endpoints.js';
import { assertRunModulesTrusted } from '../inputs/run-modules.js';
import {
  type OptimizeConfig,
  type OptimizeOptions,
  optimizeModelFields,
} from './optimize-options.js';
import { readSavedRunConfig } from './run-directory.js';

/** The config of a run, validated, with the objects it held taken out. */
export interface LoadedRunConfig {
  /** Where the config came from, for error messages (`<options>` for a library call). */
  readonly file: string;
  /** The line of a config field in `file`, when known. */
  readonly lineOf?: (path: readonly PropertyKey[]) => number | undefined;
  /** The validated config; `extraTrain` paths are absolute. */
  readonly config: ForgeConfig;
  /** The objects (models, benchmark, program) the config held, by field. */
  readonly objects: ObjectInputs;
  /** The run directory being resumed and what it saved, when this is a resume. */
  readonly resumed?: {
    readonly runDir: string;
    /** The secrets that were redacted from the saved config, to be given again. */
    readonly removedSecrets: readonly string[];
  };
}

/**
 * Stage 1 of `optimize`: validates the config (on a resume, the saved one with the given fields
 * on top) and takes its objects out. A resume needs every object given again: they are never
 * saved with a run; and the modules and model endpoints the saved config names are used only
 * when given again or trusted.
 */
export function readOptimizeConfig(
  input: OptimizeConfig,
  options: Pick<
    OptimizeOptions,
    'resume' | 'configFile' | 'configLineOf' | 'trustRunModules' | 'environment' | 'endpoints'
  >,
): LoadedRunConfig {
  const file = options.configFile ?? '<options>';
  const lineOf = options.configLineOf === undefined ? {} : { lineOf: options.configLineOf };
  const { value, objects } = detachObjectInputs(input, optimizeModelFields);
  if (options.resume === undefined) {
    return {
      file,
      ...lineOf,
      config: absoluteExtraTrain(parseForgeConfig({ file, value, ...lineOf })),
      objects,
    };
  }
  // Secrets are never saved with a run: on resume they come again from the config or environment.
  const saved = readSavedRunConfig(options.resume);
  assertObjectsGivenAgain(saved.objectInputs, objects, {
    file: join(options.resume, 'config.json'),
    call: (fields) => `optimize({ ${fields} }, { resume })`,
  });
  const given = value as Partial<ForgeConfigInput>;
  assertRunModulesTrusted(
    options.resume,
    saved.config,
    { program: given.program, benchmark: given.benchmark, providers: given.providers },
    { trust: options.trustRunModules, call: '--resume' },
  );
  const merged = mergeConfig(saved.config, given, { trusted: options.trustRunModules === true });
  assertRecordedEndpointsGiven({
    file: join(options.resume, 'config.json'),
    recorded: saved.config,
    used: merged,
    given,
    environment: options.environment ?? process.env,
    endpoints: options.endpoints,
    trust: options.trustRunModules,
    call: '--resume',
  });
  return {
    file,
    ...lineOf,
    config: absoluteExtraTrain(parseForgeConfig({ file, value: merged })),
    objects,
    resumed: { runDir: options.resume, removedSecrets: saved.removedSecrets },
  };
}

/** Saved absolute, so a resumed run finds its extra data from any working directory. */
function absoluteExtraTrain(config: ForgeConfig): ForgeConfig {
  return config.extraTrain === undefined
    ? config
    : { ...config, extraTrain: config.extraTrain.map((path) => resolve(path)) };
}

/**
 * A saved config with overrides on top (nested objects merged one level deep). A model the call
 * gives again keeps none of the saved model's allow-lists (`nonSecretHeaders`,
 * `nonSecretQueryParameters`) unless the directory is trusted: a received config.json could
 * otherwise declare this machine's own header or query secret harmless, and the resumed run
 * would save it in the clear.
 */
function mergeConfig(
  saved: ForgeConfig,
  overrides: Partial<ForgeConfigInput>,
  options: { readonly trusted: boolean },
): unknown {
  const merged: Record<string, unknown> = { ...saved };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const current = merged[key];
    merged[key] =
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      typeof current === 'object' &&
      current !== null
        ? { ...(options.trusted ? current : withoutAllowLists(current)), ...(value as object) }
        : value;
  }
  return merged;
}

// The saved side of a merged field without the allow-lists a received directory could plant.
function withoutAllowLists(value: object): object {
  const {
    nonSecretHeaders: _headers,
    nonSecretQueryParameters: _parameters,
    ...rest
  } = value as Record<string, unknown>;
  return rest;
}
