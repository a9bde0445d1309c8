import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  writeSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { UnsafePathError } from '@forge/store';

/** The directories and files of a tree checked by `checkPlainTree`, relative to its root. */
export interface PlainTree {
  /** The tree's root. */
  readonly root: string;
  /** Its directories, parents before children (the root is `''`). */
  readonly directories: readonly string[];
  /** Its regular files. */
  readonly files: readonly string[];
}

/**
 * Checks that `base/inner` and everything under it is plain directories and regular files: no
 * part of `inner` below `base`, and nothing inside, may be a symbolic link (it could point
 * anywhere) or a device, pipe or socket. A directory that came from elsewhere (a shard of a
 * suite) is checked whole before anything is copied, so a refusal leaves nothing half-copied.
 *
 * @throws UnsafePathError naming the first offending path.
 */
export function checkPlainTree(base: string, inner: string, purpose: string): PlainTree {
  let path = base;
  for (const part of inner.split('/')) {
    path = join(path, part);
    refuseUnlessDirectory(path, purpose);
  }
  const root = path;
  const directories: string[] = [''];
  const files: string[] = [];
  for (let index = 0; index < directories.length; index++) {
    const directory = join(root, directories[index] as string);
    for (const name of readdirSync(directory).sort()) {
      const entry = join(directory, name);
      const status = lstatSync(entry);
      if (status.isDirectory()) directories.push(relative(root, entry));
      else if (status.isFile()) files.push(relative(root, entry));
      else refuse(entry, status.isSymbolicLink(), purpose);
    }
  }
  return { root, directories, files };
}

/**
 * Copies a tree `checkPlainTree` passed to `to`, which must not exist yet: directories made,
 * files read without following a link (`O_NOFOLLOW`, in case one was planted since the check)
 * and written as new files only.
 */
export function copyPlainTree(tree: PlainTree, to: string): void {
  for (const directory of tree.directories) mkdirSync(join(to, directory), { recursive: true });
  const buffer = Buffer.alloc(1 << 20);
  for (const file of tree.files) {
    const source = openSync(join(tree.root, file), constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      const target = openSync(join(to, file), 'wx');
      try {
        for (let read = readSync(source, buffer); read > 0; read = readSync(source, buffer))
          writeSync(target, buffer, 0, read);
      } finally {
        closeSync(target);
      }
    } finally {
      closeSync(source);
    }
  }
}

function refuseUnlessDirectory(path: string, purpose: string): void {
  const status = lstatSync(path);
  if (!status.isDirectory()) refuse(path, status.isSymbolicLink(), purpose);
}

function refuse(path: string, isLink: boolean, purpose: string): never {
  throw new UnsafePathError({
    path,
    reason: isLink ? 'symlink' : 'not-a-file',
    message: isLink
      ? `${path} is a symbolic link; ${purpose} copies no links (one may point anywhere): remove it and run again`
      : `${path} is neither a directory nor a regular file; ${purpose} copies only those: remove it and run again`,
  });
}
