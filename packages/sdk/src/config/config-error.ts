import { ForgeError } from '@forge/provider';

const name = 'ConfigError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A config file or option is wrong. Names the file, the 1-based line when it is known, and the
 * field (`budget.maxEvaluations`), so the user can go straight to it.
 */
export class ConfigError extends ForgeError {
  protected readonly [symbol] = true;
  /** The config file, or `<options>` for options passed in code or on the command line. */
  readonly file: string;
  /** 1-based line, when known. */
  readonly line: number | undefined;
  /** Dotted path of the field, when one is at fault. */
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

  static override isInstance(error: unknown): error is ConfigError {
    return ForgeError.isInstance(error) && Symbol.for(marker) in error;
  }
}
