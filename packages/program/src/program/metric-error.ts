import { ForgeError } from '@forge/provider';

const name = 'MetricError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/** What was wrong with a metric's result. */
export type MetricErrorReason =
  /** The metric threw (the original error is the `cause`). */
  | 'threw'
  /** It returned something other than an object `{ score, feedback?, moduleFeedback? }`. */
  | 'not-an-evaluation'
  /** Its score is not a number in [0, 1]. */
  | 'score'
  /** Its `feedback` is not a string. */
  | 'feedback'
  /** Its `moduleFeedback` is not a record of strings, or a key names no module of the program. */
  | 'module-feedback';

/**
 * The metric failed on an instance, or returned a result that cannot be used: the message names
 * the instance and what to fix (for `module-feedback`, the keys that name no module and the
 * program's modules). Raised on the first such result, before it can steer the search.
 */
export class MetricError extends ForgeError {
  protected readonly [symbol] = true;
  /** The instance the metric was scoring. */
  readonly instanceId: string;
  /** What was wrong. */
  readonly reason: MetricErrorReason;
  /** For `module-feedback`: the keys that name no module. */
  readonly unknownModules: readonly string[];

  constructor(options: {
    instanceId: string;
    reason: MetricErrorReason;
    message: string;
    unknownModules?: readonly string[];
    cause?: unknown;
  }) {
    super({ name, message: options.message, cause: options.cause });
    this.instanceId = options.instanceId;
    this.reason = options.reason;
    this.unknownModules = options.unknownModules ?? [];
  }

  static override isInstance(error: unknown): error is MetricError {
    return ForgeError.isInstance(error) && Symbol.for(marker) in error;
  }
}
