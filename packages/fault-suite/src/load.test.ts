import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ForgeEvent, optimize } from '@forge/sdk';
import { type SimServer, startSimServer } from '@forge/sim';
import { openRunDatabase, readCallRetries, readModelCalls } from '@forge/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peakCallsInFlight } from './peak-calls-in-flight.js';

// Issue 19's load item, scaled down for CI: Forge at concurrency 256 against the simulated
// OpenAI-compatible server for about 2,000 task evaluations. `bench/load.ts` is the full-size
// measurement (20,000 evaluations, heap samples); this test checks behaviour only — the run
// finishes, no call fails or is retried, and every evaluation is counted once — never durations
// or memory.
const concurrency = 256;
const evaluations = 2000;
// A step evaluates at most 2·|B| + |V| = 2·64 + 512 instances, and the run starts no step the
// budget left could not pay for: this budget takes it past `evaluations`.
const minibatchSize = 64;
const validation = 512;
const largestStep = 2 * minibatchSize + validation;
const budget = evaluations + largestStep;

let server: SimServer;
const root = mkdtempSync(join(tmpdir(), 'forge-load-test-'));
beforeAll(async () => {
  server = await startSimServer({ latency: { task: 25, optimizer: 5 } });
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

interface CallRow {
  readonly role: string | null;
  readonly error: string | null;
  readonly cached: number;
  readonly started_at: string;
  readonly duration_ms: number;
}

/** The most uncached task calls in flight at once. */
function peakTaskCallsInFlight(calls: readonly CallRow[]): number {
  return peakCallsInFlight(calls.filter((call) => call.role === 'task' && call.cached === 0));
}

describe(`a run at concurrency ${concurrency} against the simulated OpenAI-compatible server`, () => {
  it(`finishes ${evaluations} evaluations with no failed call, no retry and every evaluation counted once`, async () => {
    const runDir = join(root, 'run');
    const events: ForgeEvent[] = [];
    const model = (id: string, calls: number) => ({
      model: `openai:${id}`,
      baseURL: server.url,
      concurrency: calls,
      timeoutMs: 60_000,
    });
    const result = await optimize(
      {
        benchmark: 'sim',
        benchmarkSettings: { size: { train: 300, validation, test: 20 } },
        taskModel: model('task', concurrency),
        optimizerModel: model('optimizer', 16),
        concurrency,
        minibatchSize,
        budget: { maxEvaluations: budget },
        evaluateTest: false,
        runDir,
      },
      { environment: {}, onEvent: (event) => events.push(event) },
    );

    // The run completes on its budget, not on an error, and never overshoots it.
    expect(result.reason).toMatch(/^evaluation budget/);
    expect(result.evaluationsUsed).toBeGreaterThanOrEqual(evaluations);
    expect(result.evaluationsUsed).toBeLessThanOrEqual(budget);
    expect(result.steps).toBeGreaterThanOrEqual(2);
    const count = (type: string) => events.filter((event) => event.type === type).length;
    expect(events.at(-1)).toMatchObject({ type: 'run-end', reason: result.reason });
    expect(events.at(-1)).not.toHaveProperty('error');
    expect(events.filter((event) => /error|fail/i.test(event.type))).toEqual([]);
    expect(count('call-retried')).toBe(0);

    // Every evaluation is counted exactly once: the events, the result and the database agree.
    expect(count('evaluation-end')).toBe(result.evaluationsUsed);
    const database = openRunDatabase(runDir, { readonly: true });
    try {
      const calls: CallRow[] = readModelCalls(database).map((call) => ({
        role: call.role,
        error: call.errorJson,
        cached: call.cached ? 1 : 0,
        started_at: call.startedAt,
        duration_ms: call.durationMs,
      }));
      const retries = { n: readCallRetries(database).length };
      expect(calls.filter((call) => call.error !== null)).toEqual([]);
      expect(retries.n).toBe(0);
      // The simulated program has two modules (`interpret`, then `format`): two task calls per
      // evaluation, each recorded once, whether the server or the run's cache answered it.
      const taskCalls = calls.filter((call) => call.role === 'task');
      expect(taskCalls).toHaveLength(2 * result.evaluationsUsed);
      // The run really had hundreds of task calls open at once, and never more than allowed.
      const peak = peakTaskCallsInFlight(calls);
      expect(peak).toBeLessThanOrEqual(concurrency);
      expect(peak).toBeGreaterThan(concurrency / 2);
    } finally {
      database.close();
    }
  }, 120_000);
});
