import { ForgeError } from './forge-error.js';

const name = 'InvalidArgumentError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A caller passed something unusable: a malformed model string, a missing setting, an option out
 * of range. `argument` names what was wrong so a CLI can point at the flag or config field.
 */
export class InvalidArgumentError extends ForgeError {
  protected readonly [symbol] = true;
  /** The argument, option or setting that was wrong, e.g. `model` or `OPENAI_API_KEY`. */
  readonly argument: string;

  constructor(options: { argument: string; message: string; cause?: unknown }) {
    super({ name, message: options.message, cause: options.cause });
    this.argument = options.argument;
  }

  static override isInstance(error: unknown): error is InvalidArgumentError {
    return ForgeError.hasMarker(error, marker);
  }
}
