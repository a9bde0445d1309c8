import { ForgeError } from '@forge/provider';

const planName = 'SuitePlanError';
const planMarker = Symbol.for(`forge.error.${planName}`);

/**
 * A suite cannot be planned or a selection cannot be applied: names the field at fault
 * (`methods`, `transfer.methods`, `only`, `shard`) so the caller can point at the config line.
 */
export class SuitePlanError extends ForgeError {
  protected readonly [planMarker] = true;
  /** Dotted path of the field at fault. */
  readonly field: string;

  constructor(options: { field: string; message: string; cause?: unknown }) {
    super({
      name: planName,
      message: `${options.field}: ${options.message}`,
      cause: options.cause,
    });
    this.field = options.field;
  }

  static override isInstance(error: unknown): error is SuitePlanError {
    return ForgeError.isInstance(error) && planMarker in error;
  }
}

const resultsName = 'SuiteResultsError';
const resultsMarker = Symbol.for(`forge.error.${resultsName}`);

/**
 * A results file is malformed, or results cannot be merged (another suite, two different
 * results for one cell). Names the file and, when one is at fault, the cell and the field.
 */
export class SuiteResultsError extends ForgeError {
  protected readonly [resultsMarker] = true;
  /** The results file (or `<results>` for values given in code). */
  readonly file: string;
  /** The cell at fault, when one is. */
  readonly cellId: string | undefined;
  /** Dotted path of the field at fault, when one is. */
  readonly field: string | undefined;

  constructor(options: {
    file: string;
    cellId?: string;
    field?: string;
    message: string;
    cause?: unknown;
  }) {
    const where = [
      options.file,
      options.cellId === undefined ? undefined : `cell ${options.cellId}`,
      options.field === undefined ? undefined : `field "${options.field}"`,
    ]
      .filter((part) => part !== undefined)
      .join(', ');
    super({ name: resultsName, message: `${where}: ${options.message}`, cause: options.cause });
    this.file = options.file;
    this.cellId = options.cellId;
    this.field = options.field;
  }

  static override isInstance(error: unknown): error is SuiteResultsError {
    return ForgeError.isInstance(error) && resultsMarker in error;
  }
}
