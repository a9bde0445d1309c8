import type { Benchmark } from '@forge/program';
import { modelSettings } from '../run/run-models.js';
import type { SuiteConfig } from './suite-config-schema.js';

/** One server a suite talks to: a model server, or a benchmark's environment or tool server. */
export interface SuiteService {
  /** The URL as configured. */
  readonly url: string;
  /** What it is, in words: `the task model openai:Qwen/Qwen3-8B`, `appworld's server`. */
  readonly name: string;
  /** The config field that names it (`taskModels.0.baseURL`, `benchmarks.7`). */
  readonly field: string;
  /** A model server, or a benchmark's server. */
  readonly kind: 'model' | 'benchmark';
}

/** Two or more services on one host and port. */
export interface PortClash {
  /** `localhost:8000` (every loopback spelling is `localhost`). */
  readonly address: string;
  /** The services that share it (distinct names, in config order). */
  readonly services: readonly SuiteService[];
}

const loopback = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0', '[::]']);

/** `host:port` of a URL, loopback spellings folded into `localhost`; undefined when not a URL. */
export function serviceAddress(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const host = loopback.has(parsed.hostname) ? 'localhost' : parsed.hostname.toLowerCase();
  const port = parsed.port === '' ? (parsed.protocol === 'https:' ? '443' : '80') : parsed.port;
  return `${host}:${port}`;
}

/** The model servers a suite config names (`baseURL`, `baseURLs`) of every task, optimizer and role model. */
export function modelServices(config: SuiteConfig): SuiteService[] {
  const services: SuiteService[] = [];
  const add = (entry: Parameters<typeof modelSettings>[0], field: string, role: string) => {
    const settings = modelSettings(entry);
    if (settings.baseURL !== undefined) {
      services.push({
        url: settings.baseURL,
        name: `the ${role} ${settings.model}`,
        field: `${field}.baseURL`,
        kind: 'model',
      });
    }
    for (const [index, url] of (settings.baseURLs ?? []).entries()) {
      services.push({
        url,
        name: `the ${role} ${settings.model}`,
        field: `${field}.baseURLs.${index}`,
        kind: 'model',
      });
    }
  };
  for (const [index, entry] of config.taskModels.entries()) {
    add(entry, `taskModels.${index}`, 'task model');
  }
  for (const [index, entry] of config.optimizerModels.entries()) {
    add(entry, `optimizerModels.${index}`, 'optimizer model');
  }
  for (const [role, entry] of Object.entries(config.roleModels ?? {})) {
    add(entry, `roleModels.${role}`, `${role} model`);
  }
  return services;
}

/** The servers a benchmark object says it calls (`Benchmark.serverUrls`). */
export function benchmarkServices(benchmark: Benchmark, field: string): SuiteService[] {
  return (benchmark.serverUrls ?? []).map((url) => ({
    url,
    name: `${benchmark.id}'s server`,
    field,
    kind: 'benchmark',
  }));
}

/**
 * Addresses that two different services would have to listen on: a model server and a
 * benchmark's server (vLLM and AppWorld both default to port 8000), or servers of two
 * benchmarks. Several models on one server are allowed (a router serves many).
 */
export function findPortClashes(services: readonly SuiteService[]): PortClash[] {
  const byAddress = new Map<string, SuiteService[]>();
  for (const service of services) {
    const address = serviceAddress(service.url);
    if (address === undefined) continue;
    const list = byAddress.get(address) ?? [];
    if (!list.some((known) => known.name === service.name)) list.push(service);
    byAddress.set(address, list);
  }
  const clashes: PortClash[] = [];
  for (const [address, list] of byAddress) {
    if (list.filter((service) => service.kind === 'benchmark').length === 0) continue;
    if (list.length > 1) clashes.push({ address, services: list });
  }
  return clashes;
}

/** One sentence about a clash, for an error or a warning. */
export function portClashMessage(clash: PortClash): string {
  const names = clash.services.map(
    (service) => `${service.name} (${service.field}: ${service.url})`,
  );
  return `${names.join(' and ')} share ${clash.address}: two servers cannot listen on one port. Give each its own port (AppWorld: benchmarkSettings: { servers: N, basePort: 8100 } and forge appworld serve -n N --port 8100; a vLLM server: --port)`;
}
