import { ForgeError } from '@forge/provider';

const name = 'StoreError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/** Why a run directory could not be used. */
export type StoreErrorReason =
  | 'read-only'
  | 'not-a-directory'
  | 'not-a-run'
  | 'newer-schema'
  | 'corrupt'
  | 'no-backup'
  | 'io';

/** A run directory or its database cannot be used; the message says which path and why. */
export class StoreError extends ForgeError {
  protected readonly [symbol] = true;
  /** Machine-readable reason. */
  readonly reason: StoreErrorReason;
  /** The path concerned. */
  readonly path: string;

  constructor(options: {
    reason: StoreErrorReason;
    path: string;
    message: string;
    cause?: unknown;
  }) {
    super({ name, message: options.message, cause: options.cause });
    this.reason = options.reason;
    this.path = options.path;
  }

  static override isInstance(error: unknown): error is StoreError {
    return ForgeError.isInstance(error) && Symbol.for(marker) in error;
  }
}
