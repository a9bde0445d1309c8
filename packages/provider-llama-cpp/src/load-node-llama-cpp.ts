import { createRequire } from 'node:module';
import { InvalidArgumentError } from '@forge/provider';
import type * as NodeLlamaCpp from 'node-llama-cpp';

/** The node-llama-cpp module, as imported. */
export type NodeLlamaCppModule = typeof NodeLlamaCpp;

import { nodeLlamaCppRange } from './node-llama-cpp-range.js';

const require = createRequire(import.meta.url);

/**
 * Throws an `InvalidArgumentError` (exit 2 in the CLI) when node-llama-cpp cannot be found, saying
 * how to install it. It is an optional peer dependency: about 70 MB with its CPU binary, so
 * only those who run local models install it.
 */
export function assertNodeLlamaCppInstalled(modelString: string): void {
  try {
    require.resolve('node-llama-cpp');
  } catch (error) {
    throw missingRuntimeError(modelString, error);
  }
}

let loaded: Promise<NodeLlamaCppModule> | undefined;

/** Imports node-llama-cpp once (an ES module: imported, not required, on the first call). */
export function importNodeLlamaCpp(modelString: string): Promise<NodeLlamaCppModule> {
  loaded ??= import('node-llama-cpp').catch((error: unknown) => {
    loaded = undefined;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw missingRuntimeError(modelString, error);
    }
    throw error;
  });
  return loaded;
}

function missingRuntimeError(modelString: string, cause: unknown): InvalidArgumentError {
  return new InvalidArgumentError({
    argument: 'model',
    message: `${modelString}: local models run on node-llama-cpp, which is not installed: npm install node-llama-cpp@${nodeLlamaCppRange} (its CPU binary for your platform comes with it; add --omit=optional and then @node-llama-cpp/<platform> to skip the GPU builds)`,
    cause,
  });
}

// The latest warnings and errors llama.cpp logged, numbered, for error messages: a failed load
// says why only in the log.
const recentLogLines: { readonly index: number; readonly line: string }[] = [];
let nextLogIndex = 0;

/** Keeps a llama.cpp log line when it is a warning or an error; the latest 20 are kept. */
export function recordLogLine(level: string, message: string): void {
  if (level !== 'error' && level !== 'fatal' && level !== 'warn') return;
  const line = message.trim();
  if (line === '') return;
  recentLogLines.push({ index: nextLogIndex++, line });
  if (recentLogLines.length > 20) recentLogLines.shift();
}

/** A position in the log, for `logErrorsSince`. */
export function logMark(): number {
  return nextLogIndex;
}

/** The lines llama.cpp logged since `mark` that name a failure, joined with `; `. */
export function logErrorsSince(mark: number): string {
  const lines = recentLogLines
    .filter(
      (entry) =>
        entry.index >= mark &&
        /error|invalid|unable|cannot|exceed|missing|not found/i.test(entry.line),
    )
    .map((entry) => entry.line);
  return [...new Set(lines)].join('; ');
}
