import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { z } from 'zod';
import type { LeaseHolder } from './lease-holder.js';

// The file operations of a lease: reading it, creating it exclusively, replacing a dead one, and
// rewriting it on a heartbeat. Every write goes to a temporary file first, so no reader ever sees
// a lease half-written.

/** What a lease file holds. */
export type LeaseFile =
  | { readonly kind: 'absent' }
  | { readonly kind: 'holder'; readonly holder: LeaseHolder; readonly text: string }
  | { readonly kind: 'unreadable'; readonly text: string; readonly modifiedAt: number };

/** Reads a lease file. */
export function readLeaseFile(path: string): LeaseFile {
  let text: string;
  let modifiedAt: number;
  try {
    text = readFileSync(path, 'utf8');
    modifiedAt = statSync(path).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
    throw error;
  }
  const holder = parseHolder(text);
  return holder === undefined
    ? { kind: 'unreadable', text, modifiedAt }
    : { kind: 'holder', holder, text };
}

const holderSchema = z.object({
  version: z.literal(1),
  token: z.string().min(1),
  pid: z.number().int(),
  host: z.string(),
  bootId: z.string().optional(),
  pidNamespace: z.string().optional(),
  processStart: z.string().optional(),
  description: z.string().default('unknown'),
  acquiredAt: z.string(),
  heartbeatAt: z.string(),
  ttlMs: z.number().positive(),
});

function parseHolder(text: string): LeaseHolder | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = holderSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Creates `path` holding `text`, or returns false when it exists. Never leaves it half-written. */
export function createExclusive(path: string, text: string, token: string): boolean {
  const temporary = `${path}.${token}.new`;
  writeDurably(temporary, text, 'w');
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') {
      // No hard links here (some FUSE and SMB mounts): O_EXCL creation is the next best thing.
      try {
        writeDurably(path, text, 'wx');
        return true;
      } catch (fallback) {
        if ((fallback as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw fallback;
      }
    }
    throw error;
  } finally {
    removeQuietly(temporary);
  }
}

/**
 * Replaces a dead holder's lease with ours. Only one process at a time may try: the one that
 * creates the guard file `<path>.takeover` (exclusively, as a lease is created). It removes the
 * lease only if it still reads as the one judged dead, then creates ours exclusively; a live lease
 * is never moved aside, so no third process can slip a lease of its own into a gap and win too.
 * A guard left by a process that died mid-takeover is removed once it is `staleGuardMs` old.
 */
export function takeOver(path: string, deadText: string, text: string, token: string): boolean {
  const guard = `${path}.takeover`;
  if (!createExclusive(guard, token, `${token}.guard`)) {
    removeStaleGuard(guard);
    return false;
  }
  try {
    let current: string | undefined;
    try {
      current = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    // Gone, or no longer the dead lease: another process replaced it first.
    if (current !== deadText) return false;
    removeQuietly(path);
    return createExclusive(path, text, token);
  } finally {
    removeQuietly(guard);
  }
}

/** A takeover guard older than this was left by a process that died while taking over. */
const staleGuardMs = 10_000;

function removeStaleGuard(guard: string): void {
  try {
    if (Date.now() - statSync(guard).mtimeMs > staleGuardMs) removeQuietly(guard);
  } catch {
    // Gone already: its holder finished.
  }
}

/** Replaces `path` by a rename; false when the write failed (e.g. a full disk). */
export function replaceAtomically(path: string, text: string, suffix: string): boolean {
  const temporary = `${path}.${suffix}.beat`;
  try {
    writeDurably(temporary, text, 'w');
    renameSync(temporary, path);
    return true;
  } catch {
    removeQuietly(temporary);
    return false;
  }
}

function writeDurably(path: string, text: string, flag: 'w' | 'wx'): void {
  const descriptor = openSync(path, flag);
  try {
    writeSync(descriptor, text);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}
