import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCheckpointRecords, readRunUsage, readStoredCheckpoint } from '@forge/store';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { type CliResult, jsonEvents, runCli, startCli } from './run-cli.js';

/** The two finished runs of `killAndResume`, by run directory name under its `cwd`. */
export interface KillAndResume {
  /** The uninterrupted run, in `reference`. */
  readonly reference: CliResult;
  /** The `--resume` of the run killed in `killed`. */
  readonly resumed: CliResult;
}

/**
 * Runs `forge optimize --json` from `cwd`'s config twice: once to the end in `reference`, and
 * once in `killed`, killed with SIGKILL at the first stdout line `killAt` accepts and then
 * resumed to the end. Fails the test when the kill never happened or the resume did not finish.
 */
export async function killAndResume(
  cwd: string,
  killAt: (line: string) => boolean,
): Promise<KillAndResume> {
  const reference = await runCli(['optimize', '--run-dir', 'reference', '--json'], { cwd });
  expect(reference.code, reference.stderr).toBe(0);
  let killed = false;
  const interrupted = startCli(['optimize', '--run-dir', 'killed', '--json'], {
    cwd,
    onStdoutLine: (line, child) => {
      if (!killed && killAt(line)) {
        killed = true;
        child.kill('SIGKILL');
      }
    },
  });
  expect((await interrupted.done).signal).toBe('SIGKILL');
  const resumed = await runCli(['optimize', '--resume', 'killed', '--json'], { cwd });
  expect(resumed.code, resumed.stderr).toBe(0);
  expect(jsonEvents(resumed.stdout).find((event) => event.type === 'run-start')).toMatchObject({
    resumed: true,
  });
  return { reference, resumed };
}

/** A `killAt` for the JSON event of `type` (e.g. `step-end`) at `step`. */
export function eventAtStep(type: string, step: number): (line: string) => boolean {
  return (line) => line.includes(`"type":"${type}"`) && line.includes(`"step":${step},`);
}

/** What a peer method's finished run saved: its checkpoint, its records, calls paid, result. */
export interface MethodRunContents {
  /** The checkpoint row: header, number of saves and state. */
  readonly checkpoint: { header: string; saves: number; state: string };
  /** Every checkpoint record in order (save, kind, step, data). */
  readonly records: { save: number; kind: string; step: number; data: string }[];
  /** Model calls paid for (not answered from the cache). */
  readonly paid: number;
  /** `result.json` without its run directory. */
  readonly result: Record<string, unknown>;
}

/** Reads a finished method run's checkpoint, records, paid calls and result (read-only). */
export function readMethodRun(runDir: string): MethodRunContents {
  const database = new Database(join(runDir, 'forge.db'), { readonly: true });
  try {
    const stored = readStoredCheckpoint(database);
    const checkpoint = (stored && {
      header: stored.headerJson,
      saves: stored.saves,
      state: stored.stateJson,
    }) as MethodRunContents['checkpoint'];
    const records = readCheckpointRecords(database).map((record) => ({
      save: record.save,
      kind: record.kind,
      step: record.step,
      data: record.dataJson,
    })) as MethodRunContents['records'];
    const paid = readRunUsage(database).total.calls;
    const result = JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8')) as object;
    return { checkpoint, records, paid, result: { ...result, runDir: '' } };
  } finally {
    database.close();
  }
}

/**
 * The config of the simulated runs the end-to-end tests kill and resume: the `sim` benchmark,
 * simulated models answering after 4 ms, and the method and evaluation budget given (no
 * `method:` line when none is given). Lines end without a final newline.
 */
export function simRunConfig(options: { method?: string; maxEvaluations?: number } = {}): string {
  return [
    'benchmark: sim',
    ...(options.method === undefined ? [] : [`method: ${options.method}`]),
    'taskModel:',
    '  model: sim:task',
    '  settings: { latency: 4 }',
    'optimizerModel:',
    '  model: sim:optimizer',
    '  settings: { latency: 4 }',
    'budget:',
    `  maxEvaluations: ${options.maxEvaluations ?? 400}`,
  ].join('\n');
}
