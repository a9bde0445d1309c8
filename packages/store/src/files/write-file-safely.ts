import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { UnsafePathError } from './unsafe-path-error.js';

/** Options of `writeFileSafely`. */
export interface WriteFileSafelyOptions {
  /**
   * The run or suite directory the file belongs to. The file must resolve inside it, through any
   * links in its parent directories; a path that leaves it is refused. Leave it out for a file
   * whose path the user typed (`forge synth --out`, `forge report --out`).
   */
  readonly within?: string;
}

/**
 * Writes a file the one way Forge writes artifacts: the content goes to a temporary file in the
 * same directory (created exclusively, never through a link), is flushed to disk, and is renamed
 * over the target, so a reader or a kill at any moment sees the old file or the new one, never
 * half of either. A target that is a symbolic link or not a regular file is refused with an
 * `UnsafePathError` and left untouched, as is a path outside `options.within`.
 * @throws UnsafePathError, or the system's error (ENOSPC, EROFS, …) for `guardStore` to explain.
 */
export function writeFileSafely(
  file: string,
  content: string | Uint8Array,
  options: WriteFileSafelyOptions = {},
): void {
  const target = resolve(file);
  const directory = dirname(target);
  if (options.within !== undefined) {
    mkdirSync(options.within, { recursive: true });
    checkInside(file, directory, options.within);
  }
  mkdirSync(directory, { recursive: true });
  if (options.within !== undefined) checkInside(file, directory, options.within);
  refuseNonFile(file, target);
  const temporary = join(
    directory,
    `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const descriptor = openSync(
    temporary,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
    0o644,
  );
  try {
    try {
      for (let offset = 0; offset < bytes.length; ) {
        offset += writeSync(descriptor, bytes, offset, bytes.length - offset);
      }
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    // A link planted after the check is replaced by the rename, never written through.
    renameSync(temporary, target);
  } catch (error) {
    if (existsSync(temporary)) unlinkSync(temporary);
    throw error;
  }
  syncDirectory(directory);
}

function refuseNonFile(file: string, target: string): void {
  let stats: ReturnType<typeof lstatSync>;
  try {
    stats = lstatSync(target);
  } catch {
    return;
  }
  if (stats.isSymbolicLink()) {
    throw new UnsafePathError({
      path: file,
      reason: 'symlink',
      message: `${file}: refusing to write through a symbolic link (it would change the file it points at); remove the link, then run the command again`,
    });
  }
  if (!stats.isFile()) {
    throw new UnsafePathError({
      path: file,
      reason: 'not-a-file',
      message: `${file}: refusing to write, it exists and is not a regular file`,
    });
  }
}

function checkInside(file: string, directory: string, within: string): void {
  const root = realpathSync(within);
  let existing = directory;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  const where = relative(root, realpathSync(existing));
  if (where === '' || (!where.startsWith('..') && !isAbsolute(where))) return;
  throw new UnsafePathError({
    path: file,
    reason: 'outside',
    message: `${file}: refusing to write outside ${within} (a link in its path leads to ${realpathSync(existing)})`,
  });
}

// The rename is durable only once the directory entry is; some systems refuse to open a
// directory for syncing, and then the rename is as durable as the system makes it.
function syncDirectory(directory: string): void {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(directory, 'r');
    fsyncSync(descriptor);
  } catch {
    // Best effort.
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}
