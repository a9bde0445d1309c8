import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineModule, defineProgram, type EvaluatorOf, type InstanceOf } from '@forge/program';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError } from '../config/config-error.js';
import { scriptedOptimizer } from '../testing/scripted-optimizer.js';
import { scriptedTaskModel } from '../testing/scripted-task-model.js';
import { optimize } from './optimize.js';

// One module that shouts the word only once its prompt says so: the first accepted proposal
// lifts validation from 0 to 1, after which a run has nothing left to find.
const root = mkdtempSync(join(tmpdir(), 'forge-perfect-score-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const rule = 'Write the word in upper case.';
const shout = defineModule({
  name: 'shout',
  seedPrompt: 'Repeat the word.',
  input: z.object({ word: z.string() }),
  output: z.object({ answer: z.string() }),
});
const program = defineProgram({
  name: 'shout',
  modules: [shout],
  input: z.object({ word: z.string() }),
  output: z.object({ answer: z.string() }),
  run: (input, { call }) => call(shout, input),
});
const words = (prefix: string, count: number): InstanceOf<typeof program>[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${index}`,
    input: { word: `${prefix}word${index}` },
    gold: { answer: `${prefix}word${index}`.toUpperCase() },
  }));
const metric: EvaluatorOf<typeof program> = (instance, execution) =>
  execution.output.answer === instance.gold.answer
    ? { score: 1 }
    : { score: 0, moduleFeedback: { shout: rule } };

const budget = 200;
const config = (runDir: string, method = 'forge') => ({
  program,
  metric,
  train: words('train', 6),
  validation: words('validation', 4),
  taskModel: scriptedTaskModel({
    program,
    answer: ({ input, prompt }) => ({
      answer: prompt.includes(rule) ? String(input['word']).toUpperCase() : String(input['word']),
    }),
  }),
  optimizerModel: scriptedOptimizer(),
  method,
  budget: { maxEvaluations: budget },
  runDir,
});

describe('the perfect-score stop', () => {
  it('ends a Forge run at a perfect validation score, says why, and stays stopped on resume', async () => {
    const runDir = join(root, 'stops');
    const result = await optimize(config(runDir));
    expect(result.bestScore).toBe(1);
    expect(result.reason).toBe(
      `perfect score (best candidate #${result.bestCandidate} scored 1.000 on validation)`,
    );
    expect(result.evaluationsUsed).toBeLessThan(budget / 2);
    const report = readFileSync(join(runDir, 'report.html'), 'utf8');
    expect(report).toContain('perfect score (best candidate #');

    const { runDir: _runDir, ...objects } = config(runDir);
    const resumed = await optimize(objects, { resume: runDir });
    expect(resumed.reason).toBe(result.reason);
    expect(resumed.steps).toBe(result.steps);
    expect(resumed.evaluationsUsed).toBe(result.evaluationsUsed);
  });

  it('spends the budget with budget.stopAtPerfectScore false, recorded for a resume', async () => {
    const stopping = await optimize(config(join(root, 'default')));
    const runDir = join(root, 'searches');
    const settings = config(runDir);
    const searching = await optimize({
      ...settings,
      budget: { ...settings.budget, stopAtPerfectScore: false },
    });
    expect(searching.bestScore).toBe(1);
    expect(searching.reason).toMatch(/^evaluation budget/);
    expect(searching.evaluationsUsed).toBeGreaterThan(stopping.evaluationsUsed);
    expect(searching.steps).toBeGreaterThan(stopping.steps);
    const saved = JSON.parse(readFileSync(join(runDir, 'config.json'), 'utf8'));
    expect(saved.budget).toEqual({ maxEvaluations: budget, stopAtPerfectScore: false });
  });

  it('refuses the stop for a peer method, whose reference does not stop early', async () => {
    const settings = config(join(root, 'gepa'), 'gepa');
    const run = optimize({ ...settings, budget: { ...settings.budget, stopAtPerfectScore: true } });
    await expect(run).rejects.toBeInstanceOf(ConfigError);
    await expect(run).rejects.toThrow(
      'field "budget.stopAtPerfectScore": method gepa does not stop at a perfect validation score: its reference (gepa-ai/gepa) does not stop early',
    );
  });

  it('runs a peer method without it to its budget, as its reference does', async () => {
    const result = await optimize(config(join(root, 'gepa-budget'), 'gepa'));
    expect(result.bestScore).toBe(1);
    expect(result.reason).not.toMatch(/^perfect score/);
    expect(result.evaluationsUsed).toBeGreaterThan(budget / 2);
  });
});
