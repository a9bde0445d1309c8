/**
 * One task example. Inputs are what the program reads; gold fields are what the evaluator
 * compares with. Both follow the benchmark's signature, so a synthetic instance (which has only
 * the declared fields) can be evaluated exactly like an original one.
 */
export interface Instance<
  Input = Readonly<Record<string, unknown>>,
  Gold = Readonly<Record<string, unknown>>,
> {
  /** Unique within a run. Synthetic instances get ids of the form `syn-<event>-<slot>`. */
  readonly id: string;
  /** Values of the signature's input fields. */
  readonly input: Input;
  /** Values of the signature's output (gold) fields. */
  readonly gold: Gold;
  /**
   * Facts about the instance that are not part of the signature (source file and line, level,
   * hop count). Used for reports only: evaluation never depends on them.
   */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** The three splits of a benchmark. The validation set never supplies training or synthesis instances. */
export interface Splits {
  /** Instances search draws minibatches from; synthesis appends to it. */
  readonly train: readonly Instance[];
  /** Instances that decide parent selection, synthesis timing and the final candidate. */
  readonly validation: readonly Instance[];
  /** Instances evaluated only for reporting, after optimization. */
  readonly test: readonly Instance[];
}
