import { createLimiter, evaluateMany } from '@forge/core';
import type { Benchmark, Demonstrations, Instance, Prompts } from '@forge/program';
import { type LanguageModel, withCallMetadata } from '@forge/provider';

/** A candidate's test scores: per instance and repeat, and the mean. */
export interface TestScores {
  /** Mean over instances of the mean over repeats. */
  readonly score: number;
  /** Evaluations per instance. */
  readonly repeats: number;
  /** Rows (instance, repeat, score). */
  readonly rows: readonly {
    readonly instanceId: string;
    readonly repeat: number;
    readonly score: number;
  }[];
}

/**
 * Evaluates prompts on the test split for reporting only (SPEC §2: the test set never influences
 * a decision). Each repeat is a distinct sample (`sampleIndex`), so cached answers are not reused
 * across repeats.
 */
export async function evaluateOnTest(options: {
  benchmark: Benchmark;
  model: LanguageModel;
  prompts: Prompts;
  /** The candidate's few-shot demonstrations, when it has any. */
  demos?: Demonstrations;
  test: readonly Instance[];
  concurrency: number;
  abortSignal?: AbortSignal;
}): Promise<TestScores> {
  const repeats = options.benchmark.testRepeats ?? 1;
  const limit = createLimiter(options.concurrency);
  const rows: { instanceId: string; repeat: number; score: number }[] = [];
  for (let repeat = 0; repeat < repeats; repeat++) {
    const evaluations = await evaluateMany({
      program: options.benchmark.program,
      evaluate: options.benchmark.evaluate,
      model: withCallMetadata(options.model, { target: 'test' }),
      prompts: options.prompts,
      ...(options.demos === undefined ? {} : { demos: options.demos }),
      instances: options.test,
      limit,
      ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
      sampleIndex: repeat,
    });
    for (const evaluated of evaluations) {
      rows.push({ instanceId: evaluated.instance.id, repeat, score: evaluated.evaluation.score });
    }
  }
  return scoreTestRows(rows, repeats);
}

/**
 * A candidate's test scores from its saved rows, when they cover every test instance `repeats`
 * times (a resumed run does not pay for a candidate's test split twice); otherwise undefined.
 */
export function savedTestScores(
  rows: TestScores['rows'],
  test: readonly Instance[],
  repeats: number,
): TestScores | undefined {
  if (rows.length !== test.length * repeats) return undefined;
  const wanted = new Set(test.map((instance) => instance.id));
  for (const row of rows) {
    if (!wanted.has(row.instanceId) || row.repeat >= repeats) return undefined;
  }
  return scoreTestRows(rows, repeats);
}

function scoreTestRows(rows: TestScores['rows'], repeats: number): TestScores {
  const perInstance = new Map<string, number>();
  for (const row of rows) {
    perInstance.set(row.instanceId, (perInstance.get(row.instanceId) ?? 0) + row.score);
  }
  let total = 0;
  for (const sum of perInstance.values()) total += sum / repeats;
  return { score: perInstance.size === 0 ? 0 : total / perInstance.size, repeats, rows };
}
