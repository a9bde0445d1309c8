import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Method } from '@forge/method';
import { afterAll, describe, expect, it } from 'vitest';
import { estimateRun } from '../estimate/estimate-run.js';
import { evaluate } from '../evaluate/evaluate-benchmark.js';
import { registerMethod } from '../methods/method-registry.js';
import { loadBestPrompts } from '../runs/load-best-prompts.js';
import { optimize } from './optimize.js';
import type { ForgeEvent } from './sdk-events.js';

// Everything here runs on the offline simulated world: no real model is called.
const root = mkdtempSync(join(tmpdir(), 'forge-optimize-mipro-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const simConfig = (runDir: string, maxEvaluations = 300) => ({
  benchmark: 'sim',
  taskModel: 'sim:task',
  optimizerModel: 'sim:optimizer',
  budget: { maxEvaluations },
  runDir,
});

// A method whose best candidate is the seed prompts plus demonstrations that teach the simulated
// task model two conventions: only a host that passes the demos to the test split sees a gain.
const demosOnly: Method = {
  id: 'demos-only',
  title: 'Demos only',
  description: 'Test method: the seed prompts with two fixed demonstrations.',
  roles: [],
  async run(context) {
    const saved = await context.storage.checkpoints.load();
    if (saved === undefined)
      await context.storage.checkpoints.initialize({
        method: 'demos-only',
        formatVersion: 1,
        identity: {},
      });
    const v = context.validation.length;
    const best = {
      prompts: context.seedCandidate.prompts,
      demos: {
        interpret: [
          { input: { text: 'Paid 05.11.20.' }, output: { day: '05', month: '11', year: '20' } },
        ],
        format: [{ input: { day: '05', month: '11', year: '20' }, output: { date: '2020-11-05' } }],
      },
    };
    const point = {
      evaluationsUsed: v,
      candidate: 0,
      validation: 0,
      bestValidation: 0,
      bestCandidate: 0,
      step: null,
    };
    return {
      stopReason: 'done',
      seedCandidate: context.seedCandidate,
      bestCandidate: best,
      bestCandidateIndex: 1,
      seedValidation: 0,
      bestValidation: 0,
      evaluationsUsed: v,
      steps: 0,
      candidates: 2,
      usage: {},
      history: [point],
    };
  },
};
registerMethod(demosOnly);

describe('optimize with few-shot demonstrations', () => {
  it('evaluates the best candidate on test with its demonstrations and stores them', async () => {
    const runDir = join(root, 'demos-only');
    const events: ForgeEvent[] = [];
    const result = await optimize(
      { ...simConfig(runDir), method: 'demos-only' },
      { onEvent: (event) => events.push(event) },
    );
    const tested = events.filter((event) => event.type === 'test-evaluated') as {
      label: string;
      score: number;
    }[];
    const seed = tested.find((event) => event.label === 'seed')?.score ?? 1;
    const best = tested.find((event) => event.label === 'best')?.score ?? 0;
    // The demonstrations teach day-first dotted dates and 2000s years: the test score rises.
    expect(best).toBeGreaterThan(seed);
    expect(result.bestDemos?.['interpret']).toHaveLength(1);
    const saved = JSON.parse(readFileSync(join(runDir, 'best-prompts.json'), 'utf8'));
    expect(saved.demos.format[0].output).toEqual({ date: '2020-11-05' });
    expect(Object.keys(saved.prompts)).toEqual(['interpret', 'format']);
    // What production code reads back: the same prompts and demonstrations as the result's.
    const loaded = loadBestPrompts(runDir);
    expect(loaded.prompts).toEqual(result.bestPrompts);
    expect(loaded.demos).toEqual(result.bestDemos);
  });

  it('runs MIPROv2 end to end, and a resumed run ends as the uninterrupted one', async () => {
    const whole = await optimize({ ...simConfig(join(root, 'mipro-whole')), method: 'mipro' });
    expect(whole.method).toBe('mipro');
    expect(whole.evaluationsUsed).toBeLessThanOrEqual(300);
    expect(whole.bestScore).toBeGreaterThan(whole.seedScore);
    expect(whole.result.summary).toMatchObject({ minibatch: false, demoSets: 6 });
    const summary = JSON.parse(
      readFileSync(join(root, 'mipro-whole', 'result.json'), 'utf8'),
    ).summary;
    expect(summary.estimatedEvaluations - summary.estimateGap).toBe(whole.evaluationsUsed);
    // `forge eval --run` scores the recorded best candidate, demonstrations included.
    const evaluated = await evaluate({ run: join(root, 'mipro-whole'), split: 'test' });
    expect(evaluated.score).toBe(whole.testBestScore);
    expect(evaluated.subject).toBe(
      `candidate ${whole.bestCandidate} of ${join(root, 'mipro-whole')} on the test split`,
    );

    const cut = join(root, 'mipro-cut');
    const controller = new AbortController();
    let seen = 0;
    await expect(
      optimize(
        { ...simConfig(cut), method: 'mipro' },
        {
          abortSignal: controller.signal,
          onEvent: (event) => {
            if (event.type === 'evaluation-end' && ++seen === 150)
              controller.abort(new Error('cut'));
          },
        },
      ),
    ).rejects.toThrow();
    const resumed = await optimize({}, { resume: cut });
    const strip = (value: typeof whole) => ({
      ...value,
      runDir: '',
      files: [],
      result: { ...value.result },
    });
    expect(strip(resumed).result).toEqual(strip(whole).result);
    expect(resumed.bestScore).toBe(whole.bestScore);
    expect(resumed.testBestScore).toBe(whole.testBestScore);
  }, 60_000);

  it('estimates a MIPROv2 run with the method’s own estimate (--dry-run)', async () => {
    const estimate = await estimateRun({
      ...simConfig(join(root, 'estimate'), 400),
      method: 'mipro',
    });
    expect(estimate.steps).toBe(0);
    expect(estimate.synthesisAttempts).toBe(0);
    expect(estimate.evaluations).toBeLessThanOrEqual(400);
    expect(estimate.roles.map((entry) => entry.role)).toEqual(['task', 'propose']);
    // light, two modules: 3 observation calls + 1 summary + 1 + 2 descriptions + 2 × 2 proposals.
    expect(estimate.roles.find((entry) => entry.role === 'propose')?.calls).toBe(11);
    expect(
      estimate.assumptions.some((line) =>
        line.includes('bootstrapping runs each training instance at most once'),
      ),
    ).toBe(true);
  });
});
