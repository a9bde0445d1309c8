import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LeaseHeldError, readRunMeta, readTestedCandidates, readTestScores } from '@forge/store';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import { optimize } from './optimize.js';
import type { ForgeEvent } from './sdk-events.js';

const root = mkdtempSync(join(tmpdir(), 'forge-optimize-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const simConfig = (runDir: string, maxEvaluations = 400) => ({
  benchmark: 'sim',
  taskModel: 'sim:task',
  optimizerModel: 'sim:optimizer',
  budget: { maxEvaluations },
  runDir,
});

describe('optimize on the simulated world', () => {
  it('runs the whole method, writes the artifacts, and ends with run-end', async () => {
    const runDir = join(root, 'full');
    const events: ForgeEvent[] = [];
    const result = await optimize(simConfig(runDir, 600), {
      onEvent: (event) => events.push(event),
    });
    expect(result.simulated).toBe(true);
    expect(result.bestScore).toBeGreaterThan(result.seedScore);
    expect(result.synthesisEvents).toBeGreaterThan(0);
    expect(result.evaluationsUsed).toBeLessThanOrEqual(600);
    for (const file of [
      'forge.db',
      'config.json',
      'best-prompts.json',
      'synthetic.jsonl',
      'result.json',
      'report.html',
    ]) {
      expect(existsSync(join(runDir, file)), file).toBe(true);
    }
    const synthetic = readFileSync(join(runDir, 'synthetic.jsonl'), 'utf8').trim().split('\n');
    expect(synthetic).toHaveLength(result.admitted);
    expect(events[0]?.type).toBe('run-prepared');
    expect(events.at(-1)).toMatchObject({ type: 'run-end', runDir, bestScore: result.bestScore });
    expect(readFileSync(join(runDir, 'report.html'), 'utf8')).toContain('simulated');
    // A whole run of 600 evaluations: slower than the default limit on a loaded two-core machine.
  }, 30_000);

  it('resumes a stopped run to the same result as an uninterrupted one', async () => {
    const whole = await optimize(simConfig(join(root, 'whole')));
    const runDir = join(root, 'resumed');
    const controller = new AbortController();
    await optimize(simConfig(runDir), {
      stopSignal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'step-start' && event.step === 6) controller.abort();
      },
    });
    const resumed = await optimize({}, { resume: runDir });
    expect(resumed.search?.history).toEqual(whole.search?.history);
    expect(resumed.search?.state.syntheticInstances).toEqual(
      whole.search?.state.syntheticInstances,
    );
    expect(resumed.bestScore).toBe(whole.bestScore);
    // Each start is recorded, so a report can leave the pause between them out of the wall time.
    const database = new Database(join(runDir, 'forge.db'), { readonly: true });
    const invocations = { value: readRunMeta(database).get('invocations') as string };
    database.close();
    const starts = JSON.parse(invocations.value) as string[];
    expect(starts).toHaveLength(2);
    expect(Date.parse(starts[0] ?? '')).toBeLessThanOrEqual(Date.parse(starts[1] ?? ''));
    // Three whole runs: slower than the default limit on a loaded two-core machine.
  }, 30_000);

  it('skips the test split after a stop request, and says so with an event', async () => {
    const runDir = join(root, 'stopped');
    const controller = new AbortController();
    const events: ForgeEvent[] = [];
    const result = await optimize(simConfig(runDir), {
      stopSignal: controller.signal,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'step-start' && event.step === 3) controller.abort();
      },
    });
    expect(result.reason).toBe('stop requested');
    expect(events.filter((event) => event.type === 'test-evaluated')).toEqual([]);
    expect(events).toContainEqual({ type: 'test-skipped', runDir, reason: 'stop-requested' });
    expect(result.testBestScore).toBeUndefined();
    const database = new Database(join(runDir, 'forge.db'), { readonly: true });
    const tested = {
      n: readTestedCandidates(database).reduce(
        (rows, candidate) => rows + readTestScores(database, candidate).length,
        0,
      ),
    };
    const writer = { value: readRunMeta(database).get('writer_pid') };
    database.close();
    expect(tested.n).toBe(0);
    expect(writer.value).toBe(String(process.pid));
  });

  it('names models without a price when the run starts', async () => {
    const events: ForgeEvent[] = [];
    await optimize(simConfig(join(root, 'prices'), 100), {
      onEvent: (event) => events.push(event),
    });
    expect(events[0]).toMatchObject({ type: 'run-prepared', unpricedModels: [] });
  });

  it('validates everything before creating the run directory', async () => {
    const runDir = join(root, 'never');
    await expect(
      optimize({ ...simConfig(runDir), budget: { maxEvaluations: -1 } }),
    ).rejects.toThrow(ConfigError);
    await expect(optimize({ ...simConfig(runDir), taskModel: 'nope:model' })).rejects.toThrow(
      'unknown provider',
    );
    await expect(optimize({ ...simConfig(runDir), benchmark: 'nope' })).rejects.toThrow(
      'unknown benchmark',
    );
    expect(existsSync(runDir)).toBe(false);
  });

  it('refuses to start a new run in a directory that holds one', async () => {
    const runDir = join(root, 'taken');
    await optimize(simConfig(runDir, 100));
    await expect(optimize(simConfig(runDir, 100))).rejects.toThrow('--resume');
  });

  it('refuses a second writer on a running run at once, and the first one finishes unharmed', async () => {
    const whole = await optimize(simConfig(join(root, 'alone')));
    const runDir = join(root, 'contended');
    let second: Promise<unknown> | undefined;
    const first = await optimize(simConfig(runDir), {
      onEvent: (event) => {
        if (event.type === 'step-end' && event.step === 3 && second === undefined) {
          const started = Date.now();
          second = optimize({}, { resume: runDir }).then(
            () => 'finished',
            (error: unknown) => ({ error, afterMs: Date.now() - started }),
          );
        }
      },
    });
    const refused = (await second) as { error: unknown; afterMs: number };
    expect(LeaseHeldError.isInstance(refused.error)).toBe(true);
    expect((refused.error as Error).message).toContain(`pid ${process.pid}`);
    expect((refused.error as Error).message).toContain('(forge optimize)');
    expect(refused.afterMs).toBeLessThan(2000);
    expect(first.search?.history.length).toBeGreaterThan(0);
    expect(first.search?.history).toEqual(whole.search?.history);
    expect(first.bestScore).toBe(whole.bestScore);
  }, 30_000);
});
