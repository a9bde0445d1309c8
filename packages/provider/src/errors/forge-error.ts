const marker = 'forge.error';
const symbol = Symbol.for(marker);

/**
 * Base class of every error Forge throws on purpose. `isInstance` works across copies of the
 * package (a marker symbol, not `instanceof`), so an error thrown by one installed copy is still
 * recognised by another.
 */
export class ForgeError extends Error {
  protected readonly [symbol] = true;

  constructor(options: { name: string; message: string; cause?: unknown }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = options.name;
  }

  /** True when `error` is a `ForgeError` from any copy of this package. */
  static isInstance(error: unknown): error is ForgeError {
    return typeof error === 'object' && error !== null && symbol in error;
  }

  /** True when `error` is a `ForgeError` whose marker `markerName` is set. */
  protected static hasMarker(error: unknown, markerName: string): boolean {
    return typeof error === 'object' && error !== null && Symbol.for(markerName) in error;
  }
}
