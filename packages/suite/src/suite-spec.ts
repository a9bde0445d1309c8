/**
 * What a suite compares, as plain data: the planner's whole input. The sdk builds it from a suite
 * config; a job queue can build it from anything. Nothing here names a benchmark or a method the
 * planner knows about: every id is the caller's.
 */
export interface SuiteSpec {
  /** Benchmark ids, in table order (unique). */
  readonly benchmarks: readonly string[];
  /** Method ids, in table order (unique): Forge's variants, `gepa`, `ace`, `mipro`, yours. */
  readonly methods: readonly string[];
  /** Task-model labels (model strings), unique. */
  readonly taskModels: readonly string[];
  /** Optimizer-model labels (model strings), unique. */
  readonly optimizerModels: readonly string[];
  /** Seeds (unique). */
  readonly seeds: readonly number[];
  /** B.4 budget alignment. */
  readonly alignment: AlignmentSpec;
  /** The transfer study (Table 4), when the suite runs one. */
  readonly transfer?: TransferSpec;
}

/** Which method sets the evaluation ceiling of its row, and which methods are controls. */
export interface AlignmentSpec {
  /**
   * The method run first, to completion, in every row (B.4: Forge); its completed evaluation
   * count becomes the ceiling of every other method of the row. `null`: no alignment, every
   * method runs under the suite's own cap.
   */
  readonly reference: string | null;
  /**
   * Methods that do no search (B.4's Baseline): run without a ceiling, not aligned, and the
   * column "Improvement" is measured against the first of them.
   */
  readonly controls: readonly string[];
}

/** The transfer study: methods run on the original and on the augmented training data. */
export interface TransferSpec {
  /** Benchmarks of the study (a subset of the suite's). */
  readonly benchmarks: readonly string[];
  /** Methods run on both arms (any method of the registry; controls are refused). */
  readonly methods: readonly string[];
  /** The method whose admitted synthetic data augments the training split (its row's cell). */
  readonly source: string;
}

/** The label of a (task model, optimizer model) pair in table titles. */
export function modelPairLabel(taskModel: string, optimizerModel: string): string {
  return `task ${taskModel}, optimizer ${optimizerModel}`;
}
