import { ForgeError } from '@forge/provider';

const name = 'InstructionKwargsError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * The kwargs of an instruction cannot build its checker: a key the checker does not take, a
 * missing or empty value (the reference would draw a random one), or a value of the wrong type.
 */
export class InstructionKwargsError extends ForgeError {
  protected readonly [symbol] = true;
  /** The instruction id, e.g. `count:numbers`. */
  readonly instructionId: string;
  /** The kwarg that was wrong, when one was. */
  readonly field: string | undefined;

  constructor(options: { instructionId: string; field?: string; message: string }) {
    const where =
      options.field === undefined
        ? options.instructionId
        : `${options.instructionId}, kwarg "${options.field}"`;
    super({ name, message: `${where}: ${options.message}` });
    this.instructionId = options.instructionId;
    this.field = options.field;
  }

  static override isInstance(error: unknown): error is InstructionKwargsError {
    return ForgeError.hasMarker(error, marker);
  }
}
