import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UnsafePathError } from './unsafe-path-error.js';

/** Options of `writeFileSafely`. */
export interface WriteFileSafelyOptions {
  /**
   * The run or suite directory the file belongs to. Every directory between it and the file must
   * be a real directory (a symbolic link on the way is refused, wherever it leads), and a path
   * that leaves it is refused. Leave it out for a file whose path the user typed (`forge synth
   * --out`, `forge report --out`).
   */
  readonly within?: string;
}

// Linux names every open file by its descriptor under /proc/self/fd: a path through
// `/proc/self/fd/<directory>/<name>` is resolved from the directory the descriptor holds, as
// openat() resolves it, whatever has been renamed or swapped for a link since it was opened.
const descriptorDirectory = '/proc/self/fd';
const byDescriptor = existsSync(descriptorDirectory);
const directoryFlags =
  constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | (constants.O_NOFOLLOW ?? 0);

/**
 * Writes a file the one way Forge writes artifacts: the content goes to a temporary file in the
 * same directory (created exclusively, never through a link), is flushed to disk, and is renamed
 * over the target, so a reader or a kill at any moment sees the old file or the new one, never
 * half of either. A target that is a symbolic link or not a regular file is refused with an
 * `UnsafePathError` and left untouched, as is a path outside `options.within` or through a link
 * below it.
 *
 * The directory is opened once, component by component from `within` without following links,
 * and the temporary file is created, checked and renamed through that open directory (on Linux,
 * by its descriptor), so swapping a directory on the way for a link while the write goes on
 * cannot redirect it; elsewhere the directory's identity is compared before and after. A write
 * that fails removes its temporary file.
 * @throws UnsafePathError, or the system's error (ENOSPC, EROFS, …) for `guardStore` to explain.
 */
export function writeFileSafely(
  file: string,
  content: string | Uint8Array,
  options: WriteFileSafelyOptions = {},
): void {
  const target = resolve(file);
  const name = basename(target);
  const directory =
    options.within === undefined
      ? openTypedDirectory(dirname(target))
      : openDirectoryWithin(file, dirname(target), options.within);
  try {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const temporary = `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const at = (entry: string) => directory.pathOf(entry);
    refuseNonFile(file, at(name));
    directory.assertSame(file);
    const descriptor = openSync(
      at(temporary),
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
      renameSync(at(temporary), at(name));
    } catch (error) {
      removeQuietly(at(temporary));
      throw error;
    }
    directory.assertSame(file, () => removeQuietly(at(name)));
    syncDirectory(directory.descriptor);
  } finally {
    closeSync(directory.descriptor);
  }
}

/** A directory held open for one write. */
interface OpenDirectory {
  /** Its descriptor. */
  readonly descriptor: number;
  /** The path of an entry of it, resolved from the open directory where the system allows. */
  pathOf(entry: string): string;
  /**
   * Where entries cannot be reached by descriptor: throws (after `undo`) when the directory's
   * path no longer leads to the open directory.
   */
  assertSame(file: string, undo?: () => void): void;
}

function openedDirectory(descriptor: number, path: string): OpenDirectory {
  const identity = fstatSync(descriptor);
  return {
    descriptor,
    pathOf: (entry) =>
      byDescriptor ? join(descriptorDirectory, String(descriptor), entry) : join(path, entry),
    assertSame: (file, undo) => {
      if (byDescriptor) return;
      let now: ReturnType<typeof lstatSync> | undefined;
      try {
        now = lstatSync(path);
      } catch {
        now = undefined;
      }
      if (now?.isDirectory() && now.dev === identity.dev && now.ino === identity.ino) return;
      undo?.();
      throw new UnsafePathError({
        path: file,
        reason: 'outside',
        message: `${file}: refusing to write, its directory ${path} was replaced while it was written (by a link or another directory)`,
      });
    },
  };
}

// A path the user typed: its directories are created and followed as they are, then held open.
function openTypedDirectory(path: string): OpenDirectory {
  mkdirSync(path, { recursive: true });
  return openedDirectory(openSync(path, constants.O_RDONLY | (constants.O_DIRECTORY ?? 0)), path);
}

// Opens `path` below `within` one directory at a time, each without following a link, creating
// the missing ones inside the one opened before it.
function openDirectoryWithin(file: string, path: string, within: string): OpenDirectory {
  const root = resolve(within);
  const where = relative(root, path);
  if (where.startsWith('..') || isAbsolute(where)) {
    throw new UnsafePathError({
      path: file,
      reason: 'outside',
      message: `${file}: refusing to write outside ${within}`,
    });
  }
  mkdirSync(root, { recursive: true });
  // `within` itself is the caller's: links above it (a /tmp that is one) are followed once.
  let current = realpathSync(root);
  let descriptor = openSync(current, constants.O_RDONLY | (constants.O_DIRECTORY ?? 0));
  try {
    for (const part of where === '' ? [] : where.split(sep)) {
      const parent = openedDirectory(descriptor, current);
      current = join(current, part);
      const next = openChild(parent, part, file, current, within);
      closeSync(descriptor);
      descriptor = next;
    }
  } catch (error) {
    closeSync(descriptor);
    throw error;
  }
  return openedDirectory(descriptor, current);
}

function openChild(
  parent: OpenDirectory,
  part: string,
  file: string,
  path: string,
  within: string,
): number {
  const child = parent.pathOf(part);
  for (let attempt = 0; ; attempt++) {
    try {
      parent.assertSame(file);
      return openSync(child, directoryFlags);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && attempt === 0) {
        try {
          mkdirSync(child);
        } catch (made) {
          if ((made as NodeJS.ErrnoException).code !== 'EEXIST') throw made;
        }
        continue;
      }
      if (code === 'ELOOP' || code === 'ENOTDIR') {
        const isLink = isSymbolicLink(child);
        throw new UnsafePathError({
          path: file,
          reason: isLink ? 'outside' : 'not-a-file',
          message: isLink
            ? `${file}: refusing to write through the symbolic link ${path} (it may lead outside ${within}; Forge follows no link inside a run or suite directory)`
            : `${file}: refusing to write, ${path} is not a directory`,
        });
      }
      throw error;
    }
  }
}

function isSymbolicLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
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

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

// The rename is durable only once the directory entry is; some systems refuse to sync a
// directory, and then the rename is as durable as the system makes it.
function syncDirectory(descriptor: number): void {
  try {
    fsyncSync(descriptor);
  } catch {
    // Best effort.
  }
}
