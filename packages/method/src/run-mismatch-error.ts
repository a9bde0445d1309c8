import { ForgeError } from '@forge/provider';

const name = 'RunMismatchError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A saved run cannot be resumed with these options: its method, seed, data or settings differ. Names the
 * first field that differs so the user can fix the command (or start a new run directory).
 */
export class RunMismatchError extends ForgeError {
  protected readonly [symbol] = true;
  /** The header field that differs, e.g. `seed` or `trainingIds`. */
  readonly field: string;

  constructor(options: { field: string; message: string }) {
    super({ name, message: options.message });
    this.field = options.field;
  }

  static override isInstance(error: unknown): error is RunMismatchError {
    return ForgeError.isInstance(error) && Symbol.for(marker) in error;
  }
}
