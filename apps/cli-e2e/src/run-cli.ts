import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The built CLI entry point (the `forge` bin of the workspace's `@forge/cli`). */
export const cliPath = join(
  dirname(createRequire(import.meta.url).resolve('@forge/cli/package.json')),
  'dist',
  'bin.js',
);

/** What a finished CLI process printed. */
export interface CliResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Starts `forge` with arguments; `onStdoutLine` sees each stdout line as it arrives. */
export function startCli(
  args: readonly string[],
  options: {
    cwd: string;
    env?: Record<string, string | undefined>;
    onStdoutLine?: (line: string, child: ChildProcess) => void;
    /**
     * Limit the size of every file the CLI writes (`ulimit -f`), so writes past it fail with
     * EFBIG: a disk-full fault without root. SIGXFSZ is ignored so the write fails instead.
     */
    fileSizeLimitKiB?: number;
  },
): { child: ChildProcess; done: Promise<CliResult> } {
  const command =
    options.fileSizeLimitKiB === undefined
      ? [process.execPath, cliPath, ...args]
      : [
          'bash',
          '-c',
          'trap "" XFSZ; ulimit -f "$0"; exec "$@"',
          String(options.fileSizeLimitKiB),
          process.execPath,
          cliPath,
          ...args,
        ];
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: options.cwd,
    env: { ...process.env, CI: 'true', FORGE_DEBUG: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    pending += chunk.toString();
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      options.onStdoutLine?.(line, child);
      newline = pending.indexOf('\n');
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const done = new Promise<CliResult>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

/** Runs `forge` to completion. */
export function runCli(
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string | undefined> },
): Promise<CliResult> {
  return startCli(args, options).done;
}

/** The JSON events of a `--json` run. */
export function jsonEvents(stdout: string): { type: string; [key: string]: unknown }[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { type: string });
}
