import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SimServer, startSimServer } from '@forge/sim';
import { type ModelCallRecord, readCallCacheEntries, readModelCalls } from '@forge/store';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonEvents, runCli } from './run-cli.js';

// `forge optimize` through `openai:` model strings against simulated servers on loopback: a pool
// of three, one of which is stopped mid-run and one made slow, must end exactly where one server
// ends. Everything here is simulated: no real model is called.
const root = mkdtempSync(join(tmpdir(), 'forge-pool-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const apiKey = `sk-forge-pool-${'p00l'.repeat(10)}`;
const budget = 300;
const slowDelayMs = 400;

interface RunOutcome {
  readonly end: Record<string, unknown>;
  readonly events: { type: string; [key: string]: unknown }[];
  readonly runDir: string;
  readonly stderr: string;
}

async function optimize(name: string, config: string, baseURL: string): Promise<RunOutcome> {
  const cwd = join(root, name);
  rmSync(cwd, { recursive: true, force: true });
  mkdirSync(cwd, { recursive: true });
  writeFileSync(join(cwd, 'forge.yaml'), config);
  const result = await runCli(['optimize', '-c', 'forge.yaml', '--run-dir', 'run', '--json'], {
    cwd,
    env: { OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: apiKey },
  });
  expect(result.stderr).not.toContain(apiKey);
  expect(result.stdout).not.toContain(apiKey);
  expect(result.code, result.stderr).toBe(0);
  const events = jsonEvents(result.stdout);
  const end = events.at(-1) as Record<string, unknown>;
  expect(end).toMatchObject({ type: 'run-end' });
  return { end, events, runDir: join(cwd, 'run'), stderr: result.stderr };
}

/** A run's calls counted and their tokens summed by role, model and whether the cache answered. */
function callsByRoleModelAndCache(calls: readonly ModelCallRecord[]) {
  const groups = new Map<
    string,
    {
      role: string | null;
      model: string;
      cached: boolean;
      n: number;
      input: number | null;
      output: number | null;
    }
  >();
  const add = (sum: number | null, tokens: number | null) =>
    tokens === null ? sum : (sum ?? 0) + tokens;
  for (const call of calls) {
    const key = JSON.stringify([call.role, call.model, call.cached]);
    const group = groups.get(key) ?? {
      role: call.role,
      model: call.model,
      cached: call.cached,
      n: 0,
      input: null,
      output: null,
    };
    groups.set(key, {
      ...group,
      n: group.n + 1,
      input: add(group.input, call.inputTokens),
      output: add(group.output, call.outputTokens),
    });
  }
  return [...groups.keys()].sort().map((key) => groups.get(key));
}

/** What must not depend on which server answered. */
function outcomeOf(run: RunOutcome) {
  const database = new Database(join(run.runDir, 'forge.db'), { readonly: true });
  try {
    // Every entry but the time it was stored.
    const cache = readCallCacheEntries(database).map(({ key, resultJson }) => {
      const { storedAt: _storedAt, ...entry } = JSON.parse(resultJson) as { storedAt: unknown };
      return { key, entry };
    });
    const modelCalls = readModelCalls(database);
    const calls = callsByRoleModelAndCache(modelCalls);
    const errors = { n: modelCalls.filter((call) => call.errorJson !== null).length };
    const {
      runDir: _runDir,
      type: _type,
      ...summary
    } = run.end as { runDir: unknown; type: unknown };
    const file = (name: string) =>
      existsSync(join(run.runDir, name)) ? readFileSync(join(run.runDir, name), 'utf8') : null;
    return {
      summary,
      cache,
      calls,
      errors: errors.n,
      bestPrompts: file('best-prompts.json'),
      synthetic: file('synthetic.jsonl'),
    };
  } finally {
    database.close();
  }
}

const completionsOf = (servers: readonly SimServer[]) =>
  servers.map((server) => server.requestCounts().completions);

describe('forge optimize over a pool of three simulated servers', () => {
  it('ends with the single-server results while one server is stopped and one made slow; traffic moves away, nothing is lost', async () => {
    const single = await startSimServer({ latency: 1 });
    let reference: RunOutcome;
    let singleRequests: number;
    try {
      reference = await optimize(
        'single',
        [
          'benchmark: sim',
          'taskModel: openai:task',
          'optimizerModel: openai:optimizer',
          `budget: { maxEvaluations: ${budget} }`,
          '',
        ].join('\n'),
        single.url,
      );
      singleRequests = single.requestCounts().completions;
    } finally {
      await single.close();
    }
    expect(singleRequests).toBeGreaterThan(100);

    const servers = await Promise.all([0, 1, 2].map(() => startSimServer({ latency: 1 })));
    const [stopped, slow, steady] = servers as [SimServer, SimServer, SimServer];
    const urls = servers.map((server) => server.url);
    // Made slow at a fifth of the reference's calls, stopped at two fifths.
    let atSlow: number[] | undefined;
    let stopping: Promise<number> | undefined;
    const watcher = setInterval(() => {
      const counts = completionsOf(servers);
      const total = counts.reduce((sum, count) => sum + count, 0);
      if (atSlow === undefined && total >= singleRequests * 0.2) {
        atSlow = counts;
        slow.setResponseDelay(slowDelayMs);
      }
      if (stopping === undefined && total >= singleRequests * 0.4) {
        stopping = stopped.close().then(() => stopped.requestCounts().completions);
      }
    }, 2);
    let pooled: RunOutcome;
    try {
      pooled = await optimize(
        'pool',
        [
          'benchmark: sim',
          'taskModel:',
          '  model: openai:task',
          `  baseURLs: [${urls.join(', ')}]`,
          '  endpointConcurrency: 4',
          'optimizerModel: openai:optimizer',
          `budget: { maxEvaluations: ${budget} }`,
          '',
        ].join('\n'),
        urls.join(','),
      );
    } finally {
      clearInterval(watcher);
      await Promise.all([slow.close(), steady.close(), stopping ?? stopped.close()]);
    }
    const final = completionsOf(servers);

    // Identical results: scores, candidates, synthesis, prompts, data, and the very same cache
    // entries (keys and answers), so no key depends on which server answered.
    expect(outcomeOf(pooled)).toEqual(outcomeOf(reference));
    expect(outcomeOf(pooled).errors).toBe(0);

    // Everyone took calls before anything went wrong.
    expect(atSlow).toBeDefined();
    expect(stopping).toBeDefined();
    const before = atSlow as number[];
    for (const count of before) expect(count).toBeGreaterThan(0);
    // The stopped server got nothing after it stopped (it can answer nothing; no probe revived it).
    expect(final[0]).toBe(await stopping);
    // After the slowdown the slow server took far fewer calls than the steady one.
    const slowAfter = (final[1] as number) - (before[1] as number);
    const steadyAfter = (final[2] as number) - (before[2] as number);
    expect(slowAfter * 4).toBeLessThan(steadyAfter);
    // Nothing lost and little repeated: every call the single server answered was answered by
    // the pool; the only extra requests are those in flight on the stopped server when it went.
    const total = final.reduce((sum, count) => sum + count, 0);
    expect(total).toBeGreaterThanOrEqual(singleRequests);
    expect(total - singleRequests).toBeLessThanOrEqual(16);

    // The run said so: the stopped server went down for the task pool, and the end status shows
    // each server's state and requests.
    const down = pooled.events.filter((event) => event.type === 'endpoint-down');
    expect(down.map((event) => event['endpoint'])).toContain(stopped.url);
    const status = pooled.events.find((event) => event.type === 'endpoint-status') as
      | {
          pools: {
            model: string;
            roles: string[];
            status: {
              endpoints: { endpoint: string; health: string; requests: number; failures: number }[];
            };
          }[];
        }
      | undefined;
    expect(status?.pools.map((pool) => pool.model)).toEqual(['openai:task', 'openai:optimizer']);
    const taskPool = status?.pools[0]?.status.endpoints ?? [];
    expect(taskPool.map((endpoint) => endpoint.endpoint)).toEqual(urls);
    expect(taskPool[0]?.health).not.toBe('up');
    expect(taskPool[2]?.health).toBe('up');
    // The pools sent what the servers received, plus the attempts the stopped server refused
    // (each one a failure, answered at once by another server); the others never failed.
    const sum = (
      pick: (endpoint: { requests: number; failures: number }, index: number) => number,
    ) =>
      (status?.pools ?? []).reduce(
        (outer, pool) =>
          outer +
          pool.status.endpoints.reduce(
            (inner, endpoint, index) => inner + pick(endpoint, index),
            0,
          ),
        0,
      );
    const refused = sum((endpoint) => endpoint.requests) - total;
    expect(refused).toBeGreaterThanOrEqual(0);
    expect(refused).toBeLessThanOrEqual(
      sum((endpoint, index) => (index === 0 ? endpoint.failures : 0)),
    );
    expect(sum((endpoint, index) => (index === 0 ? 0 : endpoint.failures))).toBe(0);
  }, 240_000);
});
