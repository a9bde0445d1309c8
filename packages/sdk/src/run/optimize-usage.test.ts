import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type OptimizeResult, optimize } from './optimize.js';

// Priced SIMULATED models: what a run spent is a fact of its database, the same whether the run
// went through in one invocation or was stopped and resumed (twice, once after it had finished).
const root = mkdtempSync(join(tmpdir(), 'forge-optimize-usage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const config = (runDir: string, method: string) => ({
  benchmark: 'sim',
  taskModel: 'sim:task',
  optimizerModel: 'sim:optimizer',
  method,
  budget: { maxEvaluations: 300 },
  prices: { 'sim:task': { input: 1, output: 2 }, 'sim:optimizer': { input: 3, output: 15 } },
  cache: false,
  runDir,
});

/** The figures a user reads, costs rounded below any real price's precision. */
function figures(result: OptimizeResult, runDir: string) {
  const saved = JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8'));
  const rounded = (usd: number) => Math.round(usd * 1e9) / 1e9;
  const usage = Object.fromEntries(
    Object.entries(result.usage).map(([role, usage]) => [
      role,
      { ...usage, costUsd: rounded(usage.costUsd) },
    ]),
  );
  expect(rounded(saved.costUsd)).toBe(rounded(result.costUsd));
  expect(Object.keys(saved.usage)).toEqual(Object.keys(result.usage));
  expect(saved.answers).toEqual(result.answers);
  // The method's result carries the run's record too, not the method's own bookkeeping.
  expect(result.result.usage).toEqual(result.usage);
  return {
    costUsd: rounded(result.costUsd),
    usage,
    answers: result.answers,
    evaluationsUsed: result.evaluationsUsed,
    bestScore: result.bestScore,
    testSeedScore: result.testSeedScore,
    testBestScore: result.testBestScore,
  };
}

describe('a run’s usage and cost across stops and resumes', () => {
  for (const method of ['forge', 'gepa', 'gepa-merge', 'ace', 'mipro']) {
    it(`${method}: stop, resume, resume after finishing — every figure as the uninterrupted run`, async () => {
      const wholeDir = join(root, `${method}-whole`);
      const whole = figures(await optimize(config(wholeDir, method)), wholeDir);
      // Every role is priced, and the roles add up to the total.
      for (const [role, usage] of Object.entries(whole.usage)) {
        expect(usage.costUsd, role).toBeGreaterThan(0);
      }
      expect(whole.usage['task']?.calls).toBeGreaterThan(0);
      const sum = Object.values(whole.usage).reduce((total, usage) => total + usage.costUsd, 0);
      expect(sum).toBeCloseTo(whole.costUsd, 9);
      if (method === 'forge') {
        expect(Object.keys(whole.usage).sort()).toEqual(
          ['assign', 'generate', 'reflect', 'task', 'verify'].sort(),
        );
      }

      const runDir = join(root, `${method}-resumed`);
      const controller = new AbortController();
      let steps = 0;
      const stopped = await optimize(config(runDir, method), {
        stopSignal: controller.signal,
        onEvent: (event) => {
          if (event.type === 'step-end' && ++steps === 3) controller.abort();
        },
      });
      expect(stopped.reason).toMatch(/^stop/);
      expect(stopped.costUsd).toBeLessThan(whole.costUsd);
      const resumed = await optimize({}, { resume: runDir });
      expect(figures(resumed, runDir)).toEqual(whole);
      const again = await optimize({}, { resume: runDir });
      expect(figures(again, runDir)).toEqual(whole);
    }, 60_000);
  }
});
