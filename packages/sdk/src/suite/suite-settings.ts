import type { SuiteSetting } from '@forge/suite';
import type { ForgeConfig } from '../config/forge-config-schema.js';
import { redactConfig } from '../run/redact-config.js';
import { modelSettings } from '../run/run-models.js';
import { suiteBenchmarkId } from './load-suite-config.js';
import type { SuiteConfig } from './suite-config-schema.js';

/**
 * The settings behind a suite's numbers, as its tables' provenance names them: what it compares
 * (benchmarks, methods, models, seeds), its budget and alignment, each method's settings, the
 * transfer study and the shared run settings that change results. Operational settings (rate
 * limits, servers, concurrency) and credentials are left out; the whole config is `suite.json`.
 */
export function suiteSettings(config: SuiteConfig): SuiteSetting[] {
  const redacted = redactConfig(config as unknown as ForgeConfig) as unknown as SuiteConfig;
  const json = (value: unknown) => JSON.stringify(value);
  const settings: SuiteSetting[] = [
    { name: 'benchmarks', value: json(redacted.benchmarks.map(suiteBenchmarkId)) },
    { name: 'methods', value: json(redacted.methods) },
    {
      name: 'taskModels',
      value: json(redacted.taskModels.map((entry) => modelSettings(entry).model)),
    },
    {
      name: 'optimizerModels',
      value: json(redacted.optimizerModels.map((entry) => modelSettings(entry).model)),
    },
    { name: 'seeds', value: json(redacted.seeds) },
    { name: 'budget', value: json(redacted.budget) },
    { name: 'alignment', value: json(redacted.alignment) },
  ];
  const optional = [
    'methodSettings',
    'transfer',
    'synthesis',
    'guards',
    'minibatchSize',
    'subset',
    'evaluateTest',
  ] as const;
  for (const name of optional) {
    const value = redacted[name];
    if (value !== undefined) settings.push({ name, value: json(value) });
  }
  return settings;
}
