import { ForgeError } from '@forge/provider';
import type { LeaseHolder } from './lease-holder.js';

const heldName = 'LeaseHeldError';
const heldMarker = `forge.error.${heldName}`;
const heldSymbol = Symbol.for(heldMarker);

/** A lease is held by someone alive; the caller must not write. */
export class LeaseHeldError extends ForgeError {
  protected readonly [heldSymbol] = true;
  /** The lease file. */
  readonly path: string;
  /** Who holds it (undefined when the file could not be read). */
  readonly holder: LeaseHolder | undefined;

  constructor(options: {
    message: string;
    path: string;
    holder: LeaseHolder | undefined;
    cause?: unknown;
  }) {
    super({ name: heldName, message: options.message, cause: options.cause });
    this.path = options.path;
    this.holder = options.holder;
  }

  static override isInstance(error: unknown): error is LeaseHeldError {
    return ForgeError.hasMarker(error, heldMarker);
  }
}

const lostName = 'LeaseLostError';
const lostMarker = `forge.error.${lostName}`;
const lostSymbol = Symbol.for(lostMarker);

/**
 * A lease this process held was taken over (its heartbeat stopped for longer than the limit, so
 * another machine judged it dead) or its file vanished. The holder must stop writing at once.
 */
export class LeaseLostError extends ForgeError {
  protected readonly [lostSymbol] = true;
  /** The lease file. */
  readonly path: string;
  /** Who holds it now, when someone does. */
  readonly holder: LeaseHolder | undefined;

  constructor(options: { message: string; path: string; holder: LeaseHolder | undefined }) {
    super({ name: lostName, message: options.message });
    this.path = options.path;
    this.holder = options.holder;
  }

  static override isInstance(error: unknown): error is LeaseLostError {
    return ForgeError.hasMarker(error, lostMarker);
  }
}
