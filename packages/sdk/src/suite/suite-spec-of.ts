import { createHash } from 'node:crypto';
import { canonicalJson } from '@forge/provider';
import type { SuiteSpec } from '@forge/suite';
import { modelSettings } from '../run/run-models.js';
import { suiteBenchmarkId } from './load-suite-config.js';
import type { SuiteConfig } from './suite-config-schema.js';

/** The planner's view of a suite config: ids and model labels (model strings). */
export function suiteSpecOf(config: SuiteConfig): SuiteSpec {
  const benchmarks = config.benchmarks.map(suiteBenchmarkId);
  return {
    benchmarks,
    methods: config.methods,
    taskModels: config.taskModels.map((entry) => modelSettings(entry).model),
    optimizerModels: config.optimizerModels.map((entry) => modelSettings(entry).model),
    seeds: config.seeds,
    alignment: { reference: config.alignment.reference, controls: config.alignment.controls },
    ...(config.transfer === undefined
      ? {}
      : {
          transfer: {
            benchmarks: config.transfer.benchmarks ?? benchmarks,
            methods: config.transfer.methods,
            source: config.transfer.source,
          },
        }),
  };
}

// Settings that change how fast a cell runs, never what it computes (runs are deterministic
// whatever the concurrency): shards on different machines may set them differently.
const operationalModelKeys = [
  'concurrency',
  'requestsPerMinute',
  'tokensPerMinute',
  'timeoutMs',
  'maxRetries',
  'baseURL',
  'baseURLs',
  'endpointConcurrency',
];

/**
 * A digest of everything that decides a suite's results: shards merge only when their digests
 * match. Leaves out the name, concurrency, rate limits, timeouts, retries, server URLs and pools, the cache
 * switch, provider module paths and `alignment.allowTruncatedCeilings`.
 */
export function suiteDigest(config: SuiteConfig): string {
  const model = (entry: SuiteConfig['taskModels'][number]) =>
    Object.fromEntries(
      Object.entries(modelSettings(entry)).filter(([key]) => !operationalModelKeys.includes(key)),
    );
  const {
    name: _name,
    concurrency: _concurrency,
    cache: _cache,
    providers: _providers,
    ...deciding
  } = config;
  // Whether cells may run on a stopped reference's count decides which cells run, never what a
  // run computes: a refused suite continues with it added.
  const { allowTruncatedCeilings: _allow, ...alignment } = config.alignment;
  const relevant = {
    ...deciding,
    alignment,
    taskModels: config.taskModels.map(model),
    optimizerModels: config.optimizerModels.map(model),
    roleModels: Object.fromEntries(
      Object.entries(config.roleModels ?? {}).map(([role, entry]) => [role, model(entry)]),
    ),
  };
  return createHash('sha256').update(canonicalJson(relevant)).digest('hex').slice(0, 16);
}
