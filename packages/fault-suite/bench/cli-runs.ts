// Helpers of the trial script: run the built `forge` CLI, watch its JSON events, read run dirs.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openRunDatabase, readModelCalls, readRunSteps } from '@forge/store';
import { readRunOutcome } from '../src/read-run-outcome.js';

const cli = fileURLToPath(new URL('../../../apps/cli/dist/bin.js', import.meta.url));

/** What a finished CLI process left. */
export interface Finished {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
}

/** Runs `forge`; `onEvent` sees every JSON event line (with the child, to signal it). */
export function forge(
  args: readonly string[],
  cwd: string,
  onEvent?: (event: { type: string; [key: string]: unknown }, child: ChildProcess) => void,
): Promise<Finished> {
  const child = spawn(process.execPath, [cli, ...args], {
    cwd,
    env: { ...process.env, CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let pending = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.startsWith('{')) onEvent?.(JSON.parse(line), child);
      newline = pending.indexOf('\n');
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stderr })),
  );
}

/** The steps a run directory holds now (empty when it cannot be read). */
export function savedSteps(runDir: string): unknown[] {
  try {
    const database = openRunDatabase(runDir, { readonly: true });
    try {
      return readRunSteps(database);
    } finally {
      database.close();
    }
  } catch {
    return [];
  }
}

/**
 * Calls paid for more than once: paid calls whose request (provider, model and body) was already
 * paid for earlier in the run.
 */
export function repaidCalls(runDir: string): number {
  const database = openRunDatabase(runDir, { readonly: true });
  try {
    const paid = readModelCalls(database).filter((call) => !call.cached);
    const requests = new Set(
      paid
        .filter((call) => call.requestJson !== null)
        .map((call) => JSON.stringify([call.provider, call.model, call.requestJson])),
    );
    return paid.length - requests.size;
  } finally {
    database.close();
  }
}

/** Saved steps missing from, or different in, the finished run: data the interruption lost. */
export function lostSteps(before: readonly unknown[], after: readonly unknown[]): number {
  return before.filter((row, index) => JSON.stringify(row) !== JSON.stringify(after[index])).length;
}

export { readRunOutcome };
