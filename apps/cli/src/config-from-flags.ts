import { resolve } from 'node:path';
import { InvalidArgumentError } from '@forge/provider';
import type { ForgeConfigInput } from '@forge/sdk';
import { integerFlag, positiveNumberFlag, priceFlags, seedFlag } from './flag-values.js';

/** Flags shared by `forge optimize` and `forge demo` that map onto config fields. */
export interface RunFlags {
  config?: string;
  benchmark?: string;
  program?: string;
  dataDir?: string;
  taskModel?: string;
  optimizerModel?: string;
  method?: string;
  variant?: string;
  complete?: boolean;
  /** False with `--no-perfect-stop` (commander sets it true otherwise). */
  perfectStop?: boolean;
  budget?: string;
  maxSteps?: string;
  maxMinutes?: string;
  maxCost?: string;
  seed?: string;
  concurrency?: string;
  minibatchSize?: string;
  runDir?: string;
  cache?: boolean;
  test?: boolean;
  provider?: string[];
  price?: string[];
  extraTrain?: string[];
  /** `--otel` (true) or `--otel <endpoint>`. */
  otel?: boolean | string;
  otelContent?: boolean;
}

/** Parses repeated `--provider name=module` flags. */
export function providerFlags(
  values: readonly string[] | undefined,
): Record<string, string> | undefined {
  if (values === undefined || values.length === 0) return undefined;
  const providers: Record<string, string> = {};
  for (const value of values) {
    const equals = value.indexOf('=');
    if (equals <= 0 || equals === value.length - 1) {
      throw new InvalidArgumentError({
        argument: '--provider',
        message: `--provider: expected name=module, got ${JSON.stringify(value)}`,
      });
    }
    providers[value.slice(0, equals)] = value.slice(equals + 1);
  }
  return providers;
}

/**
 * The config file to read: the one given, or `forge.config.*` found in `cwd`. A module found
 * there (`.ts`, `.mjs`, `.js`) runs as code when read, so it is named on `notice` first.
 */
async function chosenConfigFile(
  path: string | undefined,
  cwd: string,
  notice: ((line: string) => void) | undefined,
): Promise<string | undefined> {
  if (path !== undefined) return path;
  const { findConfigFile } = await import('@forge/sdk');
  const found = findConfigFile(cwd);
  if (found !== undefined && /\.(ts|mts|mjs|js)$/.test(found)) {
    notice?.(
      `forge: running the config module ${found} found in the working directory (a config module is code; -c chooses another file)\n`,
    );
  }
  return found;
}

/** The config file's values (unvalidated) for commands that only take defaults from it. */
export async function configDefaults(
  path: string | undefined,
  cwd = process.cwd(),
  notice?: (line: string) => void,
): Promise<Record<string, unknown>> {
  const { readConfigFile } = await import('@forge/sdk');
  const file = await chosenConfigFile(path, cwd, notice);
  if (file === undefined) return {};
  const raw = await readConfigFile(resolve(cwd, file));
  return typeof raw.value === 'object' && raw.value !== null
    ? (raw.value as Record<string, unknown>)
    : {};
}

/**
 * Reads the config file (the one given, or `forge.config.*` in the working directory) and lays
 * the flags over it. Flags are checked here first, so a bad one is named in flag words
 * (`--budget must be a positive integer`) before the config schema sees anything.
 */
export async function configFromFlags(
  flags: RunFlags,
  cwd = process.cwd(),
  notice?: (line: string) => void,
): Promise<{
  config: Partial<ForgeConfigInput>;
  file: string;
  lineOf?: (path: readonly PropertyKey[]) => number | undefined;
}> {
  const numbers = {
    maxEvaluations: integerFlag('--budget', flags.budget, 1),
    maxSteps: integerFlag('--max-steps', flags.maxSteps, 0),
    maxWallTimeMinutes: positiveNumberFlag('--max-minutes', flags.maxMinutes),
    maxOptimizerCostUsd: positiveNumberFlag('--max-cost', flags.maxCost),
    seed: seedFlag('--seed', flags.seed),
    concurrency: integerFlag('--concurrency', flags.concurrency, 1),
    minibatchSize: integerFlag('--minibatch-size', flags.minibatchSize, 1),
  };
  const prices = priceFlags(flags.price);
  const { readConfigFile } = await import('@forge/sdk');
  const path = await chosenConfigFile(flags.config, cwd, notice);
  const raw =
    path === undefined ? { file: '<flags>', value: {} } : await readConfigFile(resolve(cwd, path));
  const base = (raw.value ?? {}) as Record<string, unknown>;
  const budget = {
    ...((base['budget'] as object | undefined) ?? {}),
    ...defined({
      maxEvaluations: numbers.maxEvaluations,
      maxSteps: numbers.maxSteps,
      maxWallTimeMinutes: numbers.maxWallTimeMinutes,
      maxOptimizerCostUsd: numbers.maxOptimizerCostUsd,
      stopAtCompletion: flags.complete === true ? true : undefined,
      stopAtPerfectScore: flags.perfectStop === false ? false : undefined,
    }),
  };
  const config = {
    ...base,
    ...defined({
      benchmark: flags.benchmark,
      program: flags.program,
      dataDir: flags.dataDir,
      taskModel: flags.taskModel,
      optimizerModel: flags.optimizerModel,
      method: flags.method,
      variant: flags.variant,
      seed: numbers.seed,
      concurrency: numbers.concurrency,
      minibatchSize: numbers.minibatchSize,
      runDir: flags.runDir,
      cache: flags.cache === false ? false : undefined,
      evaluateTest: flags.test === false ? false : undefined,
      extraTrain:
        flags.extraTrain === undefined || flags.extraTrain.length === 0
          ? undefined
          : flags.extraTrain,
    }),
    ...(Object.keys(budget).length === 0 ? {} : { budget }),
    ...telemetryFlags(flags, base['telemetry']),
    ...(prices === undefined
      ? {}
      : { prices: { ...((base['prices'] as object | undefined) ?? {}), ...prices } }),
    ...(providerFlags(flags.provider) === undefined
      ? {}
      : {
          providers: {
            ...((base['providers'] as object | undefined) ?? {}),
            ...providerFlags(flags.provider),
          },
        }),
  };
  return {
    config: config as Partial<ForgeConfigInput>,
    file: raw.file,
    ...('lineOf' in raw ? { lineOf: raw.lineOf } : {}),
  };
}

/** `--otel [endpoint]` and `--otel-content` over the config's `telemetry` block. */
function telemetryFlags(flags: RunFlags, base: unknown): Record<string, unknown> {
  if (flags.otel === undefined && flags.otelContent !== true) return {};
  return {
    telemetry: {
      ...(typeof base === 'object' && base !== null ? base : {}),
      exporter: 'otlp',
      ...(typeof flags.otel === 'string' ? { endpoint: flags.otel } : {}),
      ...(flags.otelContent === true ? { includeContent: true } : {}),
    },
  };
}

function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}
