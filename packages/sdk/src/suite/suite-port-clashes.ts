import type { Benchmark } from '@forge/program';
import { suiteBenchmarkId } from './load-suite-config.js';
import type { SuiteConfig } from './suite-config-schema.js';
import {
  benchmarkServices,
  findPortClashes,
  modelServices,
  portClashMessage,
} from './suite-services.js';

/**
 * The first port clash of a suite (its model servers and the servers of the `benchmarks` given),
 * as the field to blame (the benchmark's entry) and a message; undefined when every service has
 * its own port.
 */
export function suitePortClashes(
  config: SuiteConfig,
  benchmarks: ReadonlyMap<string, { readonly benchmark: Benchmark }>,
): { readonly field: string; readonly message: string } | undefined {
  const services = [...modelServices(config)];
  config.benchmarks.forEach((entry, index) => {
    const loaded = benchmarks.get(suiteBenchmarkId(entry));
    if (loaded !== undefined)
      services.push(...benchmarkServices(loaded.benchmark, `benchmarks.${index}`));
  });
  const [clash] = findPortClashes(services);
  if (clash === undefined) return undefined;
  const blamed =
    clash.services.find((service) => service.kind === 'benchmark') ?? clash.services[0];
  return { field: blamed?.field ?? 'benchmarks', message: portClashMessage(clash) };
}
