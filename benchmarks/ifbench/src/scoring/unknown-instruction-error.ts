import { ForgeError } from '@forge/provider';

const name = 'UnknownInstructionError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/** An instruction id that is neither one of IFBench's 58 nor one of IFEval's 25. */
export class UnknownInstructionError extends ForgeError {
  protected readonly [symbol] = true;
  /** The id that was asked for. */
  readonly instructionId: string;

  constructor(instructionId: string) {
    super({
      name,
      message: `unknown instruction id ${JSON.stringify(instructionId)} (not in IFBench 8a66c06 or IFEval)`,
    });
    this.instructionId = instructionId;
  }

  static override isInstance(error: unknown): error is UnknownInstructionError {
    return ForgeError.hasMarker(error, marker);
  }
}
