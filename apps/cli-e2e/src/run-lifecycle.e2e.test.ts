import { execFileSync } from 'node:child_process';
import {
  closeSync,
  cpSync,
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
import { readIntegrityProblems, readRunSteps } from '@forge/store';
import { foldWriteAheadLog } from '@forge/store/testing';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonEvents, runCli, startCli } from './run-cli.js';
import { readRunContents, sameResult, sameResultAfterKill } from './run-contents.js';

// Reliability of a run's directory, end to end through the `forge` command, on the simulated
// world (nothing here calls a real model): one writer at a time, damaged databases, backups and
// restore, a disk that fills up, and signals.
const root = mkdtempSync(join(tmpdir(), 'forge-lifecycle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const config = [
  'benchmark: sim',
  'taskModel: { model: sim:task, settings: { latency: 4 } }',
  'optimizerModel: { model: sim:optimizer, settings: { latency: 4 } }',
  'budget: { maxEvaluations: 400 }',
  'backupIntervalSeconds: 0',
].join('\n');

function workspace(name: string): string {
  const directory = join(root, name);
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, 'forge.config.yaml'), `${config}\n`);
  return directory;
}

/** Runs `forge optimize` until the step-end of `step`, then calls `act` with the child. */
function optimizeUntil(
  cwd: string,
  runDir: string,
  step: number,
  act: (child: import('node:child_process').ChildProcess) => void,
) {
  let fired = false;
  return startCli(['optimize', '--run-dir', runDir, '--json'], {
    cwd,
    onStdoutLine: (line, child) => {
      if (!fired && line.includes('"type":"step-end"') && line.includes(`"step":${step},`)) {
        fired = true;
        act(child);
      }
    },
  }).done;
}

let reference: ReturnType<typeof readRunContents>;
beforeAll(async () => {
  const cwd = workspace('reference');
  const result = await runCli(['optimize', '--run-dir', 'run', '--json'], { cwd });
  expect(result.code, result.stderr).toBe(0);
  reference = readRunContents(join(cwd, 'run'));
}, 120_000);

describe('one writer per run', () => {
  it('refuses a second writer at once with exit 2 naming the first, which finishes unharmed', async () => {
    const cwd = workspace('two-writers');
    let second: Promise<Awaited<ReturnType<typeof runCli>> & { afterMs: number }> | undefined;
    const first = await optimizeUntil(cwd, 'run', 3, (child) => {
      const started = Date.now();
      second = runCli(['optimize', '--resume', 'run'], { cwd }).then((result) => ({
        ...result,
        afterMs: Date.now() - started,
      }));
      void child;
    });
    const refused = await (second as NonNullable<typeof second>);
    expect(first.code, first.stderr).toBe(0);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`the run directory ${join(cwd, 'run')} is in use`);
    expect(refused.stderr).toMatch(/pid \d+ on host "[^"]+" \(forge optimize\)/);
    expect(refused.stderr).not.toMatch(/UNIQUE|bug in Forge|\n\s+at /);
    expect(refused.afterMs).toBeLessThan(10_000);
    expect(sameResult(readRunContents(join(cwd, 'run')))).toEqual(sameResult(reference));
  }, 120_000);
});

describe('a damaged run', () => {
  it('makes every command exit 2 saying what to do; restore and --resume reach the uninterrupted result', async () => {
    const cwd = workspace('damaged');
    const first = await optimizeUntil(cwd, 'run', 9, (child) => child.kill('SIGKILL'));
    expect(first.signal).toBe('SIGKILL');
    const file = join(cwd, 'run', 'forge.db');
    // Checkpoint what the killed writer left in its WAL, then cut the database in half.
    const database = new Database(file);
    foldWriteAheadLog(database);
    database.close();
    truncateSync(file, Math.floor(statSync(file).size / 2));

    const commands: string[][] = [
      ['optimize', '--resume', 'run'],
      ['report', 'run'],
      ['runs', 'run'],
      ['eval', '--run', 'run', '--split', 'validation'],
      ['synth', '--run', 'run', '-k', '2', '--out', 'out.jsonl'],
      ['runs', 'check', 'run'],
    ];
    for (const command of commands) {
      const result = await runCli(command, { cwd });
      expect(result.code, `${command.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stderr, command.join(' ')).toMatch(/forge runs restore \S*run\b/);
      expect(result.stderr, command.join(' ')).not.toMatch(/bug in Forge|SqliteError|\n\s+at /);
    }
    const check = await runCli(['runs', 'check', 'run', '--json'], { cwd });
    const found = jsonEvents(check.stdout)[0] as unknown as {
      healthy: boolean;
      backup: { step: number };
    };
    expect(found.healthy).toBe(false);
    expect(found.backup.step).toBeGreaterThan(0);

    const restore = await runCli(['runs', 'restore', 'run'], { cwd });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`restored the backup of step ${found.backup.step}`);
    expect((await runCli(['runs', 'check', 'run'], { cwd })).code).toBe(0);
    const resumed = await runCli(['optimize', '--resume', 'run', '--json'], { cwd });
    expect(resumed.code, resumed.stderr).toBe(0);
    const contents = readRunContents(join(cwd, 'run'));
    // Calls answered after the backup was taken are paid again, so only the spend differs.
    expect(sameResultAfterKill(contents)).toEqual(sameResultAfterKill(reference));
    // Calls answered after the backup was taken are paid again; nothing else is.
    expect(contents.paid).toBeGreaterThanOrEqual(reference.paid);
    expect(contents.paid - reference.paid).toBeLessThan(reference.paid / 4);
  }, 120_000);

  it('says a file that is not a database is damaged, and that there is no backup', async () => {
    const cwd = workspace('not-a-database');
    const run = join(cwd, 'run');
    cpSync(join(root, 'reference', 'run'), run, { recursive: true });
    rmSync(join(run, 'forge.backup.db'));
    writeFileSync(join(run, 'forge.db'), 'this is not a database'.repeat(200));
    for (const command of [
      ['report', 'run'],
      ['optimize', '--resume', 'run'],
      ['runs', 'restore', 'run'],
    ]) {
      const result = await runCli(command, { cwd });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/not a database|no backup/);
      expect(result.stderr).not.toMatch(/bug in Forge|\n\s+at /);
    }
  }, 60_000);
});

describe('a disk that fills up', () => {
  it('stops with exit 3 and a clear message, keeps the saved state, and --resume reaches the uninterrupted result', async () => {
    const cwd = workspace('disk-full');
    const disk = join(cwd, 'disk');
    mkdirSync(disk);
    const runDir = join(disk, 'run');
    // As root (here and in CI) a real 32 MB tmpfs, filled up with a file at step 6; otherwise a
    // file-size limit of half the reference database, so the run's writes fail with EFBIG.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32m', 'tmpfs', disk]);
    const filler = join(disk, 'filler');
    try {
      const full = asRoot
        ? await optimizeUntil(cwd, runDir, 6, () => fillUp(filler))
        : await startCli(['optimize', '--run-dir', runDir, '--json'], {
            cwd,
            fileSizeLimitKiB: Math.floor(
              statSync(join(root, 'reference', 'run', 'forge.db')).size / 2048,
            ),
          }).done;
      expect(full.code, full.stderr).toBe(3);
      expect(full.stderr).toMatch(/the disk is full|I\/O error/);
      expect(full.stderr).toContain(`forge optimize --resume ${runDir}`);
      expect(full.stderr).not.toMatch(/bug in Forge|\n\s+at /);
      rmSync(filler, { force: true });
      const database = new Database(join(runDir, 'forge.db'), { readonly: true });
      expect(readIntegrityProblems(database)).toEqual([]);
      const saved = readRunSteps(database).length;
      database.close();
      expect(saved).toBeGreaterThan(0);
      const resumed = await runCli(['optimize', '--resume', runDir, '--json'], { cwd });
      expect(resumed.code, resumed.stderr).toBe(0);
      const contents = readRunContents(runDir);
      expect(sameResultAfterKill(contents)).toEqual(sameResultAfterKill(reference));
      // Only the calls in flight when the disk filled up are paid again (8 task + 8 optimizer).
      // None is missing: a call's record is saved with the synthesis attempt or checkpoint that
      // uses it, and its cached answer only with its record (a save landing between the two
      // once lost up to 5 records here; before that, every call of the cut-short synthesis
      // slots, 36).
      expect(contents.paid - reference.paid).toBeGreaterThanOrEqual(0);
      expect(contents.paid - reference.paid).toBeLessThanOrEqual(16);
    } finally {
      if (asRoot) execFileSync('umount', ['-l', disk]);
    }
  }, 120_000);
});

describe('signals', () => {
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    it(`${signal} stops after the current step like Ctrl-C, exits ${code}, and --resume finishes identically`, async () => {
      const cwd = workspace(signal);
      const first = await optimizeUntil(cwd, 'run', 4, (child) => child.kill(signal));
      expect(first.code, first.stderr).toBe(code);
      expect(jsonEvents(first.stdout).at(-1)).toMatchObject({
        type: 'run-end',
        reason: 'stop requested',
      });
      const resumed = await runCli(['optimize', '--resume', 'run', '--json'], { cwd });
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(sameResult(readRunContents(join(cwd, 'run')))).toEqual(sameResult(reference));
    }, 120_000);
  }

  it('a second Ctrl-C aborts the calls in flight at once and leaves a resumable run', async () => {
    const cwd = workspace('double-ctrl-c');
    // Optimizer calls take 1.5 s: after the first Ctrl-C the step would go on for seconds.
    const slow = config.replace(
      'optimizerModel: { model: sim:optimizer, settings: { latency: 4 } }',
      'optimizerModel: { model: sim:optimizer, settings: { latency: 1500 } }',
    );
    writeFileSync(join(cwd, 'forge.config.yaml'), `${slow}\n`);
    let secondAt = 0;
    let interrupted = false;
    const first = await startCli(['optimize', '--run-dir', 'run', '--json'], {
      cwd,
      onStdoutLine: (line, child) => {
        if (interrupted || !line.includes('"type":"step-start"')) return;
        interrupted = true;
        child.kill('SIGINT');
        setTimeout(() => {
          secondAt = Date.now();
          child.kill('SIGINT');
        }, 200);
      },
    }).done;
    const exitedAfterMs = Date.now() - secondAt;
    expect(first.code, first.stderr).toBe(130);
    expect(first.stderr).toContain('stopping now');
    expect(exitedAfterMs).toBeLessThan(1200);
    writeFileSync(join(cwd, 'forge.config.yaml'), `${config}\n`);
    const resumed = await runCli(['optimize', '--resume', 'run', '--json'], { cwd });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(sameResultAfterKill(readRunContents(join(cwd, 'run')))).toEqual(
      sameResultAfterKill(reference),
    );
  }, 120_000);
});

/** Writes `path` until the disk is full, in big blocks and then in small ones. */
function fillUp(path: string): void {
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
