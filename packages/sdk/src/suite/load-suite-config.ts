import { benchmarkIds } from '../benchmarks/benchmark-registry.js';
import { ConfigError } from '../config/config-error.js';
import { issueToError, type RawConfig } from '../config/load-config.js';
import { hasMethod, methodIds } from '../methods/method-registry.js';
import { modelSettings } from '../run/run-models.js';
import { type SuiteConfig, suiteConfigSchema } from './suite-config-schema.js';

/** The file name of the suite config's JSON Schema. */
export const suiteSchemaFileName = 'forge.suite.schema.json';

/**
 * Validates a raw suite config (from a file, or `{ file: '<options>' }` for objects given in
 * code) and applies defaults; every method must be registered and every benchmark id known
 * (unless it names its own `program`). The first problem becomes a ConfigError naming file, line
 * and field.
 */
export function parseSuiteConfig(
  raw: Pick<RawConfig, 'file' | 'value'> & Partial<Pick<RawConfig, 'lineOf'>>,
  /** Ids of benchmarks given as objects (the library API), known besides the registered ones. */
  givenBenchmarks: readonly string[] = [],
): SuiteConfig {
  const parsed = suiteConfigSchema.safeParse(raw.value);
  if (!parsed.success) throw issueToError(raw, parsed.error.issues[0], suiteSchemaFileName);
  const config = parsed.data;
  const fail = (path: readonly PropertyKey[], message: string): never => {
    throw new ConfigError({
      file: raw.file,
      line: raw.lineOf?.(path),
      field: path.map(String).join('.'),
      message,
    });
  };
  const checkMethod = (id: string, path: readonly PropertyKey[]) => {
    if (!hasMethod(id)) fail(path, `unknown method "${id}" (known: ${methodIds().join(', ')})`);
  };
  for (const [index, id] of config.methods.entries()) checkMethod(id, ['methods', index]);
  for (const [index, id] of (config.transfer?.methods ?? []).entries()) {
    checkMethod(id, ['transfer', 'methods', index]);
  }
  const known = [...benchmarkIds(), ...givenBenchmarks];
  config.benchmarks.forEach((entry, index) => {
    if (typeof entry !== 'string' && entry.program !== undefined) return;
    const id = typeof entry === 'string' ? entry : entry.id;
    if (!known.includes(id)) {
      fail(
        typeof entry === 'string' ? ['benchmarks', index] : ['benchmarks', index, 'id'],
        `unknown benchmark "${id}" (known: ${known.join(', ')}; or give { id, program } for your own)`,
      );
    }
  });
  for (const field of ['taskModels', 'optimizerModels'] as const) {
    const labels = config[field].map((entry) => modelSettings(entry).model);
    labels.forEach((label, index) => {
      if (labels.indexOf(label) !== index) {
        fail(
          [field, index],
          `"${label}" is listed twice; a suite compares distinct models (tables are keyed by the model string)`,
        );
      }
    });
  }
  return config;
}

/** A suite benchmark entry's id. */
export function suiteBenchmarkId(entry: SuiteConfig['benchmarks'][number]): string {
  return typeof entry === 'string' ? entry : entry.id;
}
