import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toyOptimizer } from '@forge/core/testing';
import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import { defineBenchmark } from '@forge/program';
import { afterAll, describe, expect, it } from 'vitest';
import { runQueuedSuite } from './queue/run-queued-suite.js';
import { runSuite } from './run-suite.js';
import type { SuiteInput } from './suite-config-schema.js';

// A suite over objects the caller holds: a Benchmark object beside a registered id, and model
// objects as task and optimizer models. Everything here is scripted or simulated.
const root = mkdtempSync(join(tmpdir(), 'forge-suite-objects-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const toy = defineBenchmark({
  program: toyProgram(),
  metric: toyEvaluate,
  train: toyInstances('t', 12),
  validation: toyInstances('v', 8),
  test: toyInstances('x', 4),
  synthesis: { attempts: 4, epochs: 1, patience: 2 },
});
const taskModel = toyTaskModel();
const optimizerModel = toyOptimizer();
const config = (): SuiteInput => ({
  benchmarks: [toy],
  methods: ['prompt-search', 'forge'],
  taskModels: [taskModel],
  optimizerModels: [{ model: optimizerModel, concurrency: 2 }],
  budget: { maxEvaluations: 300, stopAtCompletion: true },
});

describe('runSuite with objects', () => {
  it('runs every cell on the objects, aligned to the reference, with names in the saved suite', async () => {
    const dir = join(root, 'suite');
    const { results } = await runSuite(config(), { dir });
    expect(results.cells.map((cell) => [cell.method, cell.status])).toEqual([
      ['forge', 'done'],
      ['prompt-search', 'done'],
    ]);
    const [forge, search] = results.cells;
    expect(search?.ceiling).toBe(forge?.evaluationsUsed);
    expect(search?.evaluationsUsed).toBeLessThanOrEqual(forge?.evaluationsUsed as number);
    expect(results.cells.every((cell) => cell.benchmark === 'toy')).toBe(true);
    expect(results.cells.every((cell) => cell.taskModel === 'mock:toy-task')).toBe(true);
    expect(taskModel.calls.length).toBeGreaterThan(0);
    expect(optimizerModel.calls.length).toBeGreaterThan(0);
    const saved = JSON.parse(readFileSync(join(dir, 'suite.json'), 'utf8'));
    expect(saved.objectInputs).toEqual(['taskModels.0', 'optimizerModels.0', 'benchmarks.0']);
    expect(saved.config.taskModels).toEqual(['mock:toy-task']);

    await expect(runSuite(undefined, { dir, resume: true })).rejects.toThrow(
      'give them again: runSuite({ …, taskModels, optimizerModels, benchmarks }, { dir, resume: true })',
    );
    const again = await runSuite(config(), { dir, resume: true });
    expect(again.ran).toEqual([]);
    expect(again.results).toEqual(results);
  });

  it('refuses objects for a queued suite before connecting or touching its directory', async () => {
    const dir = join(root, 'queued');
    await expect(
      runQueuedSuite(config(), { dir, queue: 'redis://127.0.0.1:1', wait: false }),
    ).rejects.toThrow(
      '<options>, field "taskModels.0": a queued suite runs its cells in forge worker processes',
    );
    expect(existsSync(dir)).toBe(false);
  });
});
