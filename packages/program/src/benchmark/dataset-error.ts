import { ForgeError } from '@forge/provider';

const name = 'DatasetError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A data file is missing or malformed. Names the file, the 1-based line (for JSONL, or the
 * record index for JSON arrays) and the field, so the user can fix it.
 */
export class DatasetError extends ForgeError {
  protected readonly [symbol] = true;
  /** Path of the file. */
  readonly file: string;
  /** 1-based line (JSONL) or record number (JSON array), when it applies. */
  readonly line: number | undefined;
  /** The field that was wrong, when it applies. */
  readonly field: string | undefined;

  constructor(options: {
    file: string;
    line?: number;
    field?: string;
    message: string;
    cause?: unknown;
  }) {
    const where = [
      options.file,
      options.line === undefined ? undefined : `line ${options.line}`,
      options.field === undefined ? undefined : `field "${options.field}"`,
    ]
      .filter((part) => part !== undefined)
      .join(', ');
    super({ name, message: `${where}: ${options.message}`, cause: options.cause });
    this.file = options.file;
    this.line = options.line;
    this.field = options.field;
  }

  static override isInstance(error: unknown): error is DatasetError {
    return ForgeError.isInstance(error) && Symbol.for(marker) in error;
  }
}
