import { ForgeError } from '@forge/provider';

const name = 'UnsafePathError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/** Why Forge refused to write a file. */
export type UnsafePathReason = 'symlink' | 'not-a-file' | 'outside';

/**
 * Forge refused to write an artifact because the path is a symbolic link, is something other
 * than a regular file, or resolves outside the run or suite directory it belongs to. The file
 * (and whatever a link points at) is left untouched. A run directory may come from elsewhere,
 * so a link planted in it is treated as hostile rather than followed.
 */
export class UnsafePathError extends ForgeError {
  protected readonly [symbol] = true;
  /** The path that was refused. */
  readonly path: string;
  /** What is wrong with it. */
  readonly reason: UnsafePathReason;

  constructor(options: { path: string; reason: UnsafePathReason; message: string }) {
    super({ name, message: options.message });
    this.path = options.path;
    this.reason = options.reason;
  }

  static override isInstance(error: unknown): error is UnsafePathError {
    return ForgeError.hasMarker(error, marker);
  }
}
