import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAssignmentTally, readSynthesisAttempts } from '@forge/store';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { optimize } from './optimize.js';

// What the simulated world must show (SIM.md), through the full sdk: the seed scores low,
// prompt search fixes what training exposes, synthesis from failure modes reaches what only
// validation shows, random synthesis does not, and every model-facing contract is exercised.
// Simulated numbers, not a statement about real models.
const root = mkdtempSync(join(tmpdir(), 'forge-sim-world-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const seeds = [0, 1, 2];
const variants = ['prompt-search', 'random-synthesis', 'failure-memory', 'forge'] as const;

async function best(variant: (typeof variants)[number], seed: number) {
  const runDir = join(root, `${variant}-${seed}`);
  const result = await optimize({
    benchmark: 'sim',
    taskModel: 'sim:task',
    optimizerModel: 'sim:optimizer',
    variant,
    seed,
    budget: { maxEvaluations: 600 },
    runDir,
    evaluateTest: false,
  });
  return { ...result, runDir };
}

describe('the simulated world through the whole method', () => {
  it('separates the variants as the method predicts', async () => {
    const scores: Record<string, number[]> = {};
    const runs: Awaited<ReturnType<typeof best>>[] = [];
    for (const variant of variants) {
      for (const seed of seeds) {
        const run = await best(variant, seed);
        runs.push(run);
        scores[variant] = [...(scores[variant] ?? []), run.bestScore];
        expect(run.seedScore).toBeLessThan(0.4);
      }
    }
    const mean = (values: readonly number[] | undefined) =>
      (values ?? []).reduce((sum, value) => sum + value, 0) / (values?.length ?? 1);
    // Prompt search alone fixes the training-visible rules and then plateaus.
    expect(mean(scores['prompt-search'])).toBeGreaterThan(0.5);
    expect(Math.max(...(scores['prompt-search'] ?? []))).toBeLessThan(0.75);
    // New surface with the same conditions does not help.
    expect(mean(scores['random-synthesis'])).toBeLessThanOrEqual(mean(scores['prompt-search']));
    // Failure-guided synthesis does, and the four intents most.
    expect(mean(scores['failure-memory'])).toBeGreaterThan(mean(scores['prompt-search']));
    expect(mean(scores['forge'])).toBeGreaterThan(mean(scores['failure-memory']));

    // Every contract was exercised somewhere in the forge runs.
    const forgeRuns = runs.filter((run) => run.runDir.includes('/forge-'));
    const totals = {
      create: 0,
      assign: 0,
      rename: 0,
      noOp: 0,
      admitted: 0,
      failedGeneration: 0,
      failedVerification: 0,
      rejected: 0,
    };
    for (const run of forgeRuns) {
      const database = new Database(join(run.runDir, 'forge.db'), { readonly: true });
      const { byAction } = readAssignmentTally(database);
      const outcomes = readSynthesisAttempts(database).map((attempt) => attempt.outcome);
      const count = (matches: (outcome: string) => boolean) => outcomes.filter(matches).length;
      totals.create += byAction['create'] ?? 0;
      totals.assign += byAction['assign'] ?? 0;
      totals.rename += byAction['rename'] ?? 0;
      totals.noOp += byAction['no-op'] ?? 0;
      totals.admitted += count((outcome) => outcome === 'admitted');
      totals.failedGeneration += count((outcome) => outcome === 'generation-failed');
      totals.failedVerification += count((outcome) => outcome === 'verification-failed');
      totals.rejected += count((outcome) => outcome.toLowerCase().startsWith('rejected-'));
      database.close();
    }
    for (const [name, total] of Object.entries(totals)) expect(total, name).toBeGreaterThan(0);
  }, 300_000);
});
