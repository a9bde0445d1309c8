// Reliability trials (issue 19): how a run fares when things go wrong, as a user meets them.
// Run: pnpm turbo run build --filter=@forge/cli... && pnpm --filter @forge/fault-suite trials
// Everything runs on the simulated world (no real model); numbers are counts, not timings.

import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faultKinds } from '@forge/sim';
import { readRunUsage } from '@forge/store';
import { foldWriteAheadLog } from '@forge/store/testing';
import Database from 'better-sqlite3';
import { runFaultTrial } from '../src/fault-trial.js';
import { forge, lostSteps, readRunOutcome, repaidCalls, savedSteps } from './cli-runs.js';

const root = mkdtempSync(join(tmpdir(), 'forge-trials-'));
const config = [
  'benchmark: sim',
  'taskModel: { model: sim:task, settings: { latency: 4 } }',
  'optimizerModel: { model: sim:optimizer, settings: { latency: 4 } }',
  'budget: { maxEvaluations: 400 }',
  'backupIntervalSeconds: 0',
].join('\n');
let counter = 0;
function workspace(text = config): string {
  const cwd = join(root, `w${counter++}`);
  mkdirSync(cwd, { recursive: true });
  writeFileSync(join(cwd, 'forge.config.yaml'), `${text}\n`);
  return cwd;
}

interface Row {
  readonly trial: string;
  readonly trials: number;
  survived: number;
  identical: number;
  lost: number;
  repaid: number[];
}
const rows: Row[] = [];
const row = (trial: string, trials: number): Row => {
  const created = { trial, trials, survived: 0, identical: 0, lost: 0, repaid: [] };
  rows.push(created);
  return created;
};

type Event = { type: string; [key: string]: unknown };
type Trigger = (event: Event) => boolean;
const atStep =
  (step: number): Trigger =>
  (event) =>
    event.type === 'step-end' && event['step'] === step;

const referenceCwd = workspace();
await forge(['optimize', '--run-dir', 'run', '--json'], referenceCwd);
const reference = readRunOutcome(join(referenceCwd, 'run'));
const same = (runDir: string) =>
  JSON.stringify(readRunOutcome(runDir).decisions) === JSON.stringify(reference.decisions);

/** Interrupts a run when `trigger` fires (`act` does the harm), then resumes it to the end. */
async function interrupted(
  result: Row,
  triggers: readonly Trigger[],
  act: (child: ChildProcess, runDir: string) => void | Promise<void>,
  /** Repairs the run; returns the calls whose records the repair dropped (paid again later). */
  repair?: (cwd: string, runDir: string) => Promise<number>,
) {
  const cwd = workspace();
  const runDir = join(cwd, 'run');
  let before: unknown[] = [];
  let args = ['optimize', '--run-dir', 'run', '--json'];
  for (const trigger of triggers) {
    let fired = false;
    await forge(args, cwd, (event, child) => {
      if (!fired && trigger(event)) {
        fired = true;
        void act(child, runDir);
      }
    });
    args = ['optimize', '--resume', 'run', '--json'];
    before = savedSteps(runDir);
  }
  const dropped = repair === undefined ? 0 : await repair(cwd, runDir);
  const resumed = await forge(['optimize', '--resume', 'run', '--json'], cwd);
  if (resumed.code !== 0) return;
  result.survived += 1;
  if (same(runDir)) result.identical += 1;
  result.lost += lostSteps(before, readRunOutcome(runDir).decisions.steps);
  result.repaid.push(repaidCalls(runDir) + dropped);
}

const kill = (child: ChildProcess) => {
  child.kill('SIGKILL');
};
const killMoments: { name: string; triggers: Trigger[] }[] = [
  { name: 'right after the seed', triggers: [(event) => event.type === 'candidate-validated'] },
  ...[0, 2, 5, 9, 14, 20, 27].map((step) => ({
    name: `after step ${step}`,
    triggers: [atStep(step)],
  })),
  {
    name: 'mid-evaluation',
    triggers: [(event) => event.type === 'evaluation-end' && event['step'] === 11],
  },
  {
    name: 'mid-memory-update',
    triggers: [(event) => event.type === 'memory-updated' && event['step'] === 4],
  },
  {
    name: 'mid-synthesis',
    triggers: [(event) => event.type === 'attempt-end' && event['slot'] === 4],
  },
  {
    name: 'between steps',
    triggers: [(event) => event.type === 'step-start' && event['step'] === 16],
  },
  { name: 'during test evaluation', triggers: [(event) => event.type === 'test-evaluated'] },
  { name: 'twice in a row', triggers: [atStep(6), atStep(12)] },
];
const killed = row('kill -9 at 14 moments, then --resume', killMoments.length);
for (const moment of killMoments) await interrupted(killed, moment.triggers, kill);

const damaged = row('forge.db cut in half after kill -9, `runs restore`, --resume', 4);
for (const step of [3, 8, 15, 24]) {
  await interrupted(damaged, [atStep(step)], kill, async (cwd, runDir) => {
    const file = join(runDir, 'forge.db');
    const database = new Database(file);
    foldWriteAheadLog(database);
    const paidAtKill = paidIn(database);
    database.close();
    truncateSync(file, Math.floor(statSync(file).size / 2));
    const refused = await forge(['optimize', '--resume', 'run'], cwd);
    if (refused.code !== 2) throw new Error(`a damaged run resumed with exit ${refused.code}`);
    await forge(['runs', 'restore', 'run'], cwd);
    const restored = new Database(file, { readonly: true });
    const paidInBackup = paidIn(restored);
    restored.close();
    // The calls paid between the backup and the damage left no record: they are paid again.
    return paidAtKill - paidInBackup;
  });
}

const signals = row('SIGTERM, SIGHUP, SIGINT, double SIGINT, then --resume', 4);
for (const send of [['SIGTERM'], ['SIGHUP'], ['SIGINT'], ['SIGINT', 'SIGINT']] as const) {
  await interrupted(signals, [atStep(5)], (child) => {
    for (const signal of send) child.kill(signal);
  });
}

if (process.getuid?.() === 0) {
  const full = row('disk full (tmpfs) mid-run, space freed, --resume', 3);
  for (const step of [2, 9, 18]) {
    const cwd = workspace();
    const disk = join(cwd, 'disk');
    mkdirSync(disk);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32m', 'tmpfs', disk]);
    const runDir = join(disk, 'run');
    const filler = join(disk, 'filler');
    try {
      let fired = false;
      const first = await forge(['optimize', '--run-dir', runDir, '--json'], cwd, (event) => {
        if (!fired && atStep(step)(event)) {
          fired = true;
          fill(filler);
        }
      });
      const before = savedSteps(runDir);
      rmSync(filler, { force: true });
      const resumed = await forge(['optimize', '--resume', runDir, '--json'], cwd);
      if (first.code === 3 && resumed.code === 0) full.survived += 1;
      if (same(runDir)) full.identical += 1;
      full.lost += lostSteps(before, readRunOutcome(runDir).decisions.steps);
      full.repaid.push(repaidCalls(runDir));
    } finally {
      execFileSync('umount', ['-l', disk]);
    }
  }
}

const writers = row('a second writer while the first runs (refused, exit 2)', 3);
for (const step of [1, 4, 8]) {
  const cwd = workspace();
  let second: Promise<{ code: number | null }> | undefined;
  const first = await forge(['optimize', '--run-dir', 'run', '--json'], cwd, (event) => {
    if (second === undefined && atStep(step)(event))
      second = forge(['optimize', '--resume', 'run'], cwd);
  });
  const refused = await second;
  if (first.code === 0 && refused?.code === 2) writers.survived += 1;
  if (same(join(cwd, 'run'))) writers.identical += 1;
  writers.repaid.push(repaidCalls(join(cwd, 'run')));
}

const faultTable: string[] = [];
for (const wire of ['openai', 'anthropic', 'ollama'] as const) {
  const trials = row(`${wire} wire, 15% injected faults`, 2);
  for (const seed of [19, 23]) {
    const trial = await runFaultTrial({ wire, rate: 0.15, seed, workDir: workspace() });
    trials.survived += 1;
    if (trial.identical && trial.sameCache) trials.identical += 1;
    trials.repaid.push(trial.repaid);
    const retried = Object.values(trial.faulty.retries).reduce((sum, count) => sum + count, 0);
    faultTable.push(
      `| ${wire} | ${seed} | ${trial.requests} | ${faultKinds.map((kind) => trial.faults[kind]).join(' | ')} | ${Object.values(trial.faults).reduce((sum, count) => sum + count, 0)} | ${retried} | ${trial.retryEvents} | ${sameCounts(trial.faulty.retries, trial.expectedRetries) ? 'yes' : 'NO'} |`,
    );
  }
}

console.log('| trial | trials | survived | identical | data lost | calls re-paid (total / max) |');
console.log('|---|---|---|---|---|---|');
for (const result of rows) {
  const total = result.repaid.reduce((sum, value) => sum + value, 0);
  console.log(
    `| ${result.trial} | ${result.trials} | ${result.survived} | ${result.identical} | ${result.lost} | ${total} / ${Math.max(0, ...result.repaid)} |`,
  );
}
console.log();
console.log(
  `| wire | seed | requests | ${faultKinds.join(' | ')} | injected | retries (db) | retry events | by kind equal |`,
);
console.log(`|---|---|---|${faultKinds.map(() => '---|').join('')}---|---|---|---|`);
for (const line of faultTable) console.log(line);
rmSync(root, { recursive: true, force: true });

function paidIn(database: Database.Database): number {
  return readRunUsage(database).total.calls;
}

function sameCounts(
  left: Readonly<Record<string, number>>,
  right: Readonly<Record<string, number>>,
): boolean {
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => left[key] === right[key]);
}

function fill(path: string): void {
  for (const size of [1 << 16, 512]) {
    const descriptor = openSync(path, 'a');
    try {
      for (;;) writeSync(descriptor, Buffer.alloc(size, 1));
    } catch {
      // Full.
    } finally {
      closeSync(descriptor);
    }
  }
}
