import { ForgeError } from '@forge/provider';

const name = 'ModuleAnswerError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A typed module's answer had no usable output fields (a tag missing, a value that does not
 * coerce to its type or fails its schema). Not a failure of the run: a program made with
 * `defineProgram` that does not catch it returns an empty prediction for the metric to score, and
 * the trace carries the reason for the reflector.
 */
export class ModuleAnswerError extends ForgeError {
  protected readonly [symbol] = true;
  /** The module whose answer was unusable. */
  readonly module: string;
  /** What was wrong with it, naming the field. */
  readonly reason: string;

  constructor(options: { module: string; reason: string }) {
    super({ name, message: options.reason });
    this.module = options.module;
    this.reason = options.reason;
  }

  static override isInstance(error: unknown): error is ModuleAnswerError {
    return ForgeError.isInstance(error) && Symbol.for(marker) in error;
  }
}
