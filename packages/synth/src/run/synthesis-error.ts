import { ForgeError } from '@forge/provider';

const name = 'SynthesisError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A synthesis event could not finish: a model call failed (after the model's own retries), or
 * a journal holds a record that does not match the planned slot. Finished attempts are in the
 * journal; rerunning the event re-uses them.
 */
export class SynthesisError extends ForgeError {
  protected readonly [symbol] = true;
  /** The event. */
  readonly event: number;
  /** Slots whose attempt failed with an error, in slot order. */
  readonly slots: readonly number[];

  constructor(options: {
    event: number;
    slots: readonly number[];
    message: string;
    cause?: unknown;
  }) {
    super({ name, message: options.message, cause: options.cause });
    this.event = options.event;
    this.slots = options.slots;
  }

  static override isInstance(error: unknown): error is SynthesisError {
    return ForgeError.hasMarker(error, marker);
  }
}
