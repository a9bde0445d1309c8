import type { MethodCandidate, MethodResult } from '@forge/method';
import type { SqliteRunStore } from '@forge/store';
import { evaluateOnTest, savedTestScores } from './evaluate-test.js';
import type { PreparedRun } from './prepare-run.js';
import type { RunModels } from './run-models.js';
import type { ForgeEvent } from './sdk-events.js';

/** The test scores of a run's seed and best candidate (reporting only). */
export interface TestSplitScores {
  /** The seed's test score. */
  seed?: number;
  /** The best candidate's test score (the seed's when the seed is the best). */
  best?: number;
}

/**
 * Stage 7 of `optimize`: evaluates the seed and the best candidate on the test split when
 * `evaluateTest` is on, saving each row. A run the user stopped spends nothing more: the test
 * split is left for `forge eval`.
 */
export async function evaluateTestSplit(options: {
  readonly prepared: PreparedRun;
  readonly models: RunModels;
  readonly result: MethodResult;
  readonly store: SqliteRunStore;
  readonly runDir: string;
  readonly stopSignal?: AbortSignal | undefined;
  readonly abortSignal?: AbortSignal | undefined;
  readonly emit: (event: ForgeEvent) => void;
}): Promise<TestSplitScores> {
  const { prepared, result, emit } = options;
  if (options.stopSignal?.aborted === true) {
    emit({ type: 'test-skipped', runDir: options.runDir, reason: 'stop-requested' });
    return {};
  }
  const { sizedConfig: config, benchmark, splits } = prepared;
  if (!config.evaluateTest || splits.test.length === 0) return {};
  const scores: TestSplitScores = {};
  const targets: { label: 'seed' | 'best'; candidate: number; value: MethodCandidate }[] = [
    { label: 'seed', candidate: 0, value: result.seedCandidate },
  ];
  if (result.bestCandidateIndex !== 0)
    targets.push({
      label: 'best',
      candidate: result.bestCandidateIndex,
      value: result.bestCandidate,
    });
  const repeats = benchmark.testRepeats ?? 1;
  for (const target of targets) {
    // A resumed run (even one resumed after it finished) reads what it already paid for.
    const saved = savedTestScores(
      options.store.readTestScores(target.candidate),
      splits.test,
      repeats,
    );
    const tested =
      saved ??
      (await evaluateOnTest({
        benchmark,
        model: options.models.task,
        prompts: target.value.prompts,
        ...(target.value.demos === undefined ? {} : { demos: target.value.demos }),
        test: splits.test,
        concurrency: config.concurrency,
        ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
      }));
    if (saved === undefined) options.store.writeTestScores(target.candidate, tested.rows);
    emit({
      type: 'test-evaluated',
      label: target.label,
      candidate: target.candidate,
      score: tested.score,
      repeats: tested.repeats,
    });
    scores[target.label] = tested.score;
  }
  if (scores.best === undefined) scores.best = scores.seed;
  return scores;
}
