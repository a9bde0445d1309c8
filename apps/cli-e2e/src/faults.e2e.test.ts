import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type FaultKind,
  type FaultProxy,
  faultKinds,
  type SimServer,
  startFaultProxy,
  startSimServer,
} from '@forge/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonEvents, runCli } from './run-cli.js';
import { readRunContents, sameResult } from './run-contents.js';

// `forge optimize` over the OpenAI wire to the simulated server, with a proxy in between that
// injects faults into 15% of the calls. Everything here is simulated.
const root = mkdtempSync(join(tmpdir(), 'forge-faults-'));
let server: SimServer;
let proxy: FaultProxy;
beforeAll(async () => {
  server = await startSimServer({ latency: 1 });
  proxy = await startFaultProxy({
    upstream: server.url.replace(/\/v1$/, ''),
    seed: 19,
    rate: 0.15,
    // Every kind at the same weight but `slow`, which costs a whole client timeout (4 s) of
    // waiting each time: a few of it show the retry as well as many would.
    weights: { ...Object.fromEntries(faultKinds.map((kind) => [kind, 1])), slow: 0.34 },
    slowMs: 8000,
  });
});
afterAll(async () => {
  await proxy.close();
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** What a retry of each injected fault looks like in `call_retries`. */
const retrySignature: Readonly<Record<FaultKind, string>> = {
  'rate-limit-retry-after': 'http 429',
  'rate-limit': 'http 429',
  'server-error': 'http 500',
  unavailable: 'http 503',
  overloaded: 'http 529',
  reset: 'connection',
  slow: 'timeout',
  'cut-body': 'unreadable-response',
  'truncated-json': 'unreadable-response',
  'non-json': 'unreadable-response',
};

function configFor(baseURL: string): string {
  const model = (name: string) =>
    `{ model: openai:${name}, baseURL: "${baseURL}", timeoutMs: 4000, maxRetries: 8, retryDelayMs: 5 }`;
  return [
    'benchmark: sim',
    `taskModel: ${model('task')}`,
    `optimizerModel: ${model('optimizer')}`,
    'budget: { maxEvaluations: 400 }',
  ].join('\n');
}

async function optimizeThrough(name: string, baseURL: string) {
  const cwd = join(root, name);
  mkdirSync(cwd, { recursive: true });
  writeFileSync(join(cwd, 'forge.config.yaml'), `${configFor(baseURL)}\n`);
  const result = await runCli(['optimize', '--run-dir', 'run', '--json'], {
    cwd,
    env: { OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined },
  });
  return { result, contents: readRunContents(join(cwd, 'run')) };
}

describe('forge optimize over a wire that fails 15% of the time', () => {
  it('finishes identical to a fault-free run, retrying every injected fault once and caching no failure', async () => {
    const clean = await optimizeThrough('clean', server.url);
    expect(clean.result.code, clean.result.stderr).toBe(0);
    expect(clean.contents.retries).toEqual([]);

    const faulty = await optimizeThrough('faulty', `${proxy.url}/v1`);
    expect(faulty.result.code, faulty.result.stderr).toBe(0);
    expect(sameResult(faulty.contents)).toEqual(sameResult(clean.contents));
    // The cache holds exactly the fault-free run's answers: no cut, truncated or HTML body.
    expect(faulty.contents.cache).toEqual(clean.contents.cache);
    expect(faulty.contents.paid).toBe(clean.contents.paid);

    const stats = proxy.stats();
    expect(stats.totalFaults).toBeGreaterThan(60);
    for (const [kind, count] of Object.entries(stats.faults))
      expect(count, kind).toBeGreaterThan(0);
    const retried = jsonEvents(faulty.result.stdout).filter(
      (event) => event.type === 'call-retried',
    );
    expect(retried).toHaveLength(stats.totalFaults);
    expect(faulty.contents.retries).toHaveLength(stats.totalFaults);

    // Injected faults against retries, by what the retry saw.
    const injected = new Map<string, number>();
    for (const [kind, count] of Object.entries(stats.faults)) {
      const signature = retrySignature[kind as FaultKind];
      injected.set(signature, (injected.get(signature) ?? 0) + count);
    }
    const seen = new Map<string, number>();
    for (const row of faulty.contents.retries) {
      const signature =
        row.status_code === null ? String(row.error_kind) : `${row.error_kind} ${row.status_code}`;
      seen.set(signature, (seen.get(signature) ?? 0) + 1);
    }
    expect(Object.fromEntries(seen)).toEqual(Object.fromEntries(injected));
    expect(retried.filter((event) => event['fromRetryAfter'] === true).length).toBe(
      stats.faults['rate-limit-retry-after'],
    );
  }, 240_000);
});
