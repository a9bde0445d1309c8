import type { CheckpointStore } from '../checkpoint-store.js';
import { MemoryCheckpointStore } from '../checkpoint-store.js';
import type { Method, MethodResult } from '../method.js';
import {
  createMethodTestContext,
  createTestCache,
  type MethodTestContextOptions,
} from './method-test-context.js';

/** What `checkMethodResume` measured. */
export interface MethodResumeReport {
  /** The uninterrupted run's result. */
  readonly whole: MethodResult;
  /** The result of the run interrupted at every cut and resumed each time. */
  readonly resumed: MethodResult;
  /** Task evaluations the uninterrupted run made (host-side count). */
  readonly wholeEvaluations: number;
  /** Task evaluations made by all attempts of the interrupted run together. */
  readonly resumedEvaluations: number;
  /** How many interruptions actually cut the run (a cut past the end does nothing). */
  readonly interruptions: number;
}

/**
 * The crash test every method must pass: runs the method once uninterrupted, then again with an
 * immediate abort (as `kill -9` would cut it) each time the host-side evaluation count reaches
 * one of `cutAfterEvaluations`, resuming from the same checkpoints and response cache after each
 * cut. Returns both results for the test to compare (they must be equal) and the evaluation
 * counts (the resumed run may redo at most the work in flight at each cut).
 */
export async function checkMethodResume(
  method: Method,
  options: Omit<MethodTestContextOptions, 'checkpoints' | 'cache' | 'abortSignal'> & {
    readonly cutAfterEvaluations: readonly number[];
  },
): Promise<MethodResumeReport> {
  const whole = createMethodTestContext({
    ...options,
    checkpoints: new MemoryCheckpointStore(),
    cache: createTestCache(),
  });
  const wholeResult = await method.run(whole.context);

  const checkpoints: CheckpointStore = new MemoryCheckpointStore();
  const cache = createTestCache();
  let resumedEvaluations = 0;
  let interruptions = 0;
  let resumed: MethodResult | undefined;
  for (const cut of [...options.cutAfterEvaluations].sort((a, b) => a - b)) {
    const controller = new AbortController();
    let counted = () => 0;
    const attempt = createMethodTestContext({
      ...options,
      checkpoints,
      cache,
      abortSignal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'evaluation-end' && resumedEvaluations + counted() >= cut) {
          controller.abort(new Error(`test cut after ${cut} evaluations`));
        }
      },
    });
    counted = attempt.evaluationsCounted;
    try {
      resumed = await method.run(attempt.context);
    } catch (error) {
      if (!controller.signal.aborted) throw error;
      interruptions += 1;
    }
    resumedEvaluations += attempt.evaluationsCounted();
    // A run that finished before its cut cannot be cut by a later one either.
    if (resumed !== undefined) break;
  }
  if (resumed === undefined) {
    const last = createMethodTestContext({ ...options, checkpoints, cache });
    resumed = await method.run(last.context);
    resumedEvaluations += last.evaluationsCounted();
  }
  return {
    whole: wholeResult,
    resumed,
    wholeEvaluations: whole.evaluationsCounted(),
    resumedEvaluations,
    interruptions,
  };
}
