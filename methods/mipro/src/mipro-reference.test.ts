import { type CheckpointRecord, MemoryCheckpointStore } from '@forge/method';
import { createMethodTestContext } from '@forge/method/testing';
import type { LanguageModel } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { toyBenchmark, toyInstances, toyProposer, toyTaskModel } from './__fixtures__/mipro-toy.js';
import { miproMethod } from './mipro-method.js';

// `profile: reference` against DSPy 3.3.1 (stanfordnlp/dspy at 4ed377ee9, paths under `dspy/`):
// each case shows the reference's behaviour, citing the file and line it comes from, and the
// `paper` profile keeping Forge's documented behaviour beside it.

interface RunOptions {
  readonly settings: Record<string, unknown>;
  readonly validation?: number;
  readonly train?: number;
  readonly maxEvaluations?: number;
  readonly taskModel?: LanguageModel;
  readonly optimizerModel?: LanguageModel;
  readonly seed?: number;
}

async function runToy(options: RunOptions) {
  const checkpoints = new MemoryCheckpointStore();
  const test = createMethodTestContext({
    benchmark: toyBenchmark,
    train: toyInstances('t', options.train ?? 24),
    validation: toyInstances('v', options.validation ?? 20, 1),
    taskModel: options.taskModel ?? toyTaskModel(),
    optimizerModel: options.optimizerModel ?? toyProposer(),
    budget: { maxEvaluations: options.maxEvaluations ?? 300 },
    settings: miproMethod.parseSettings?.(options.settings) ?? {},
    checkpoints,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
  });
  const result = await miproMethod.run(test.context);
  const records = await checkpoints.records();
  const of = (kind: string): CheckpointRecord[] => records.filter((record) => record.kind === kind);
  return { result, test, records, of };
}

describe('reference: a metric threshold of 0 is no threshold', () => {
  // teleprompt/bootstrap.py:207–210: `if self.metric_threshold:` — 0 is falsy, so the run is
  // kept only when the metric itself is truthy (a score above 0).
  it('keeps only the bootstrapping runs that score above 0; paper keeps every run scoring at least 0', async () => {
    const runsOf = async (profile: string) => {
      const { of } = await runToy({ settings: { profile, metricThreshold: 0 } });
      return of('bootstrap-runs').flatMap(
        (record) => record.data as { score: number; passed: boolean }[],
      );
    };
    const reference = await runsOf('reference');
    expect(reference.some((run) => run.score === 0)).toBe(true);
    for (const run of reference) expect(run.passed).toBe(run.score > 0);
    const paper = await runsOf('paper');
    expect(paper.some((run) => run.score === 0)).toBe(true);
    for (const run of paper) expect(run.passed).toBe(true);
  });
});

describe('reference: a minibatch as large as the validation set', () => {
  // teleprompt/mipro_optimizer_v2.py:214–215 refuses only a minibatch *larger* than the
  // validation set; one as large runs the minibatch search: each trial is scored on a
  // "minibatch" that is the whole set (teleprompt/utils.py:50–51), never becomes the best by
  // itself (mipro_optimizer_v2.py:592), and the periodic full evaluations pick the winners
  // (:636–654).
  it('runs minibatch trials with periodic full evaluations; paper scores whole-validation trials', async () => {
    const reference = await runToy({
      settings: { profile: 'reference', minibatch: true, minibatchSize: 35 },
      validation: 35,
      maxEvaluations: 400,
    });
    expect(reference.of('search-plan')[0]?.data).toMatchObject({
      minibatch: true,
      minibatchSize: 35,
    });
    const trials = reference.of('trial').map((record) => record.data as Record<string, unknown>);
    expect(trials.length).toBeGreaterThan(5);
    for (const trial of trials)
      expect(trial).toMatchObject({ scoredOn: 'minibatch', evaluations: 35 });
    // Only the seed and the full evaluations are validated candidates.
    const origins = reference
      .of('candidate')
      .map((record) => (record.data as { origin: string }).origin);
    expect(origins[0]).toBe('seed');
    expect(origins.slice(1).every((origin) => origin === 'full-evaluation')).toBe(true);
    expect(origins.length).toBeGreaterThan(1);
    expect(reference.result.evaluationsUsed).toBe(reference.test.evaluationsCounted());
    expect(reference.result.evaluationsUsed).toBeLessThanOrEqual(400);

    const paper = await runToy({
      settings: { minibatch: true, minibatchSize: 35 },
      validation: 35,
      maxEvaluations: 400,
    });
    expect(paper.of('search-plan')[0]?.data).toMatchObject({ minibatch: false });
  });
});
