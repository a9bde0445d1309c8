/** One scored instance. */
export interface EvaluatedInstance {
  /** The instance's id. */
  readonly id: string;
  /** Its score in [0, 1]. */
  readonly score: number;
  /** The metric's feedback, when it gave any. */
  readonly feedback?: string;
}

/** What `evaluate` returns. */
export interface EvaluateResult {
  /** Mean score. */
  readonly score: number;
  /** Per instance, in input order. */
  readonly instances: readonly EvaluatedInstance[];
  /** What was scored, in words. */
  readonly subject: string;
}
