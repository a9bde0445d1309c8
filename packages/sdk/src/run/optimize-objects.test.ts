import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toyOptimizer } from '@forge/core/testing';
import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import { defineBenchmark } from '@forge/program';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate/evaluate-benchmark.js';
import { synthesizeFromFailures } from '../synthesize/synthesize-from-failures.js';
import { optimize } from './optimize.js';

// The library API takes what a user already holds: model objects and a program with its metric
// and data, as gepa.optimize or the AI SDK do, besides names resolved through registries.
const root = mkdtempSync(join(tmpdir(), 'forge-objects-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const task = () => ({
  program: toyProgram(),
  metric: toyEvaluate,
  train: toyInstances('t', 12),
  validation: toyInstances('v', 8),
  test: toyInstances('x', 4),
});

describe('optimize with objects', () => {
  it('runs a program object on model objects, and names them in the run', async () => {
    const taskModel = toyTaskModel();
    const optimizerModel = toyOptimizer();
    const runDir = join(root, 'program');
    const result = await optimize({
      ...task(),
      taskModel,
      optimizerModel: { model: optimizerModel, concurrency: 2 },
      method: 'prompt-search',
      budget: { maxEvaluations: 120 },
      runDir,
    });
    expect(result.seedScore).toBe(0);
    expect(result.bestScore).toBe(1);
    expect(result.testBestScore).toBe(1);
    expect(result.evaluationsUsed).toBeLessThanOrEqual(120);
    // Every call went to the objects, through the run's middleware (cache, meter, recorder).
    expect(taskModel.calls.length).toBeGreaterThan(0);
    expect(optimizerModel.calls.length).toBeGreaterThan(0);
    const saved = JSON.parse(readFileSync(join(runDir, 'config.json'), 'utf8'));
    expect(saved).toMatchObject({
      benchmark: 'toy',
      taskModel: 'mock:toy-task',
      optimizerModel: { model: 'mock:toy-optimizer', concurrency: 2 },
      objectInputs: ['taskModel', 'optimizerModel', 'program'],
    });
    expect(saved).not.toHaveProperty('program');
  });

  it('takes a Benchmark object and synthesizes from it (the whole method)', async () => {
    const result = await optimize({
      benchmark: defineBenchmark({ ...task(), synthesis: { attempts: 4, epochs: 1, patience: 1 } }),
      taskModel: toyTaskModel(),
      optimizerModel: toyOptimizer(),
      // The toy task reaches 1.0 before the event is due: searching on lets the event run.
      budget: { maxEvaluations: 200, maxSteps: 4, stopAtPerfectScore: false },
      runDir: join(root, 'benchmark'),
    });
    expect(result.method).toBe('forge');
    expect(result.synthesisEvents).toBe(1);
    expect(result.admitted).toBeGreaterThan(0);
  });

  it('resumes only when given the objects again, and then ends as an uninterrupted run', async () => {
    const config = (runDir: string) => ({
      ...task(),
      taskModel: toyTaskModel(),
      optimizerModel: toyOptimizer(),
      method: 'prompt-search',
      budget: { maxEvaluations: 120 },
      runDir,
    });
    const whole = await optimize(config(join(root, 'whole')));
    const runDir = join(root, 'stopped');
    const controller = new AbortController();
    await optimize(config(runDir), {
      stopSignal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'step-start' && event.step === 2) controller.abort();
      },
    });
    await expect(optimize({}, { resume: runDir })).rejects.toThrow(
      `${join(runDir, 'config.json')}, field "taskModel": this run was started with objects for taskModel, optimizerModel, program (a model, benchmark or program object is never saved with a run); give them again: optimize({ taskModel, optimizerModel, program, metric, train, validation }, { resume })`,
    );
    const { runDir: _runDir, ...objects } = config(runDir);
    const resumed = await optimize(objects, { resume: runDir });
    expect(resumed.bestPrompts).toEqual(whole.bestPrompts);
    expect(resumed.evaluationsUsed).toBe(whole.evaluationsUsed);
    expect(resumed.bestScore).toBe(whole.bestScore);
  });
});

describe('evaluate and synthesize with objects', () => {
  it('scores predictions with a program object, and a run candidate with a model object', async () => {
    const predictions = join(root, 'predictions.jsonl');
    writeFileSync(
      predictions,
      ['{"id":"x0","output":{"answer":"a:0"}}', '{"id":"x1","output":{"answer":"no"}}'].join('\n'),
    );
    const scored = await evaluate({ ...task(), predictions });
    expect(scored.instances.map((item) => item.score)).toEqual([1, 0]);

    const runDir = join(root, 'program');
    await expect(evaluate({ run: runDir })).rejects.toThrow(
      'give them again: evaluate({ run, taskModel, program, metric, train, validation })',
    );
    const candidate = await evaluate({ ...task(), run: runDir, taskModel: toyTaskModel() });
    expect(candidate.score).toBe(1);
    expect(candidate.subject).toContain('on the test split');
  });

  it('synthesizes from a failures file with a benchmark object and a model object', async () => {
    const failures = join(root, 'failures.jsonl');
    writeFileSync(
      failures,
      `${JSON.stringify({
        instance: { input: { category: 'b', value: 7 }, gold: { answer: 'b:7' } },
        feedback: 'wrong answer: missing rule-b',
      })}\n`,
    );
    const model = toyOptimizer();
    const result = await synthesizeFromFailures({
      benchmark: defineBenchmark(task()),
      model,
      failures,
      attempts: 3,
    });
    // The scripted generator writes one example per failure: later attempts are duplicates.
    expect(result.attempts.map((attempt) => attempt.outcome)).toEqual([
      'admitted',
      'duplicate',
      'duplicate',
    ]);
    expect(result.admitted.every((instance) => instance.input['category'] === 'b')).toBe(true);
    expect(model.calls.map((call) => call.request.metadata?.role)).toEqual(
      expect.arrayContaining(['assign', 'generate', 'verify']),
    );
  });
});
