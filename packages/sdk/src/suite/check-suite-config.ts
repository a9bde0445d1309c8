import type { Benchmark } from '@forge/program';
import { parseModelString } from '@forge/provider';
import { planSuite, SuitePlanError } from '@forge/suite';
import { ConfigError } from '../config/config-error.js';
import { parseForgeConfig, type RawConfig } from '../config/load-config.js';
import { loadMethod } from '../methods/method-registry.js';
import { registerConfigProviders } from '../models/register-config-providers.js';
import { isKnownProvider, knownProviderNames } from '../models/resolve-model.js';
import { loadConfiguredBenchmark } from '../run/load-benchmark.js';
import { modelSettings } from '../run/run-models.js';
import { cellRunConfig } from './cell-run-config.js';
import { parseSuiteConfig } from './load-suite-config.js';
import type { SuiteConfig } from './suite-config-schema.js';
import { suitePortClashes } from './suite-port-clashes.js';
import { suiteSpecOf } from './suite-spec-of.js';

/**
 * Checks a suite config file without data, keys or servers: its fields, its plan (B.4
 * alignment), that every method and benchmark is registered and every model's provider known,
 * and that no two services share a port (a vLLM server and AppWorld both default to 8000).
 * Throws a ConfigError naming the file, line and field of the first problem. `forge suite`
 * makes the same checks before it runs, with the data and keys besides.
 */
export async function checkSuiteConfig(
  raw: Pick<RawConfig, 'file' | 'value'> & Partial<Pick<RawConfig, 'lineOf'>>,
): Promise<SuiteConfig> {
  const config = parseSuiteConfig(raw);
  const fail = (field: string, message: string, cause?: unknown): never => {
    throw new ConfigError({
      file: raw.file,
      line: raw.lineOf?.(field.split('.')),
      field,
      message,
      cause,
    });
  };
  let plan: ReturnType<typeof planSuite>;
  try {
    plan = planSuite(suiteSpecOf(config));
  } catch (error) {
    if (!SuitePlanError.isInstance(error)) throw error;
    return fail(error.field, error.message.replace(/^[^:]*: /, ''), error);
  }
  await registerConfigProviders(config.providers, raw.file);
  const models = [
    ...config.taskModels.map((entry, index) => ({ entry, field: `taskModels.${index}` })),
    ...config.optimizerModels.map((entry, index) => ({ entry, field: `optimizerModels.${index}` })),
    ...Object.entries(config.roleModels ?? {}).map(([role, entry]) => ({
      entry,
      field: `roleModels.${role}`,
    })),
  ];
  for (const { entry, field } of models) {
    const model = modelSettings(entry).model;
    const { provider } = parseModelString(model, field);
    if (!isKnownProvider(provider)) {
      fail(
        field,
        `unknown provider "${provider}" in "${model}" (known: ${knownProviderNames().join(', ')}; or name your own under providers)`,
      );
    }
  }
  const benchmarks = new Map<string, { benchmark: Benchmark }>();
  for (const cell of plan.cells) {
    if (benchmarks.has(cell.benchmark)) continue;
    const method = await loadMethod(cell.method);
    const runConfig = parseForgeConfig({
      file: raw.file,
      value: cellRunConfig({
        config,
        cell,
        ceiling: null,
        runDir: '<check>',
        methodRoles: method.roles,
      }),
    });
    benchmarks.set(cell.benchmark, await loadConfiguredBenchmark(runConfig));
  }
  const clash = suitePortClashes(config, benchmarks);
  if (clash !== undefined) fail(clash.field, clash.message);
  return config;
}
