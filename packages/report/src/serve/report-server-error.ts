import { ForgeError } from '@forge/provider';

const name = 'ReportServerError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/** Why the live view could not start. */
export type ReportServerErrorReason = 'port-in-use' | 'cannot-listen';

/** The live view could not listen on its loopback port. */
export class ReportServerError extends ForgeError {
  protected readonly [symbol] = true;
  /** What went wrong. */
  readonly reason: ReportServerErrorReason;
  /** The port asked for. */
  readonly port: number;

  constructor(options: {
    reason: ReportServerErrorReason;
    port: number;
    message: string;
    cause?: unknown;
  }) {
    super({ name, message: options.message, cause: options.cause });
    this.reason = options.reason;
    this.port = options.port;
  }

  static override isInstance(error: unknown): error is ReportServerError {
    return ForgeError.hasMarker(error, marker);
  }
}
