import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, cliPath, runCli } from './run-cli.js';

// Commands that only read a run, pointed at one on a read-only file system: a clear message
// naming the way out (exit 2 when the database cannot even be opened there, exit 3 when only an
// output cannot be written), never `--resume`, a restore, or a bug in Forge — and the run is left
// as it was. Root passes chmod, so the file system is made read-only for real: a read-only bind
// mount inside a private user and mount namespace (`unshare -rm`), which needs no privilege of
// the test's own.
const root = mkdtempSync(join(tmpdir(), 'forge-read-only-e2e-'));
const runDir = join(root, 'run');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs `forge args` with `readOnlyDir` mounted read-only for that process alone. */
function cliWithReadOnly(readOnlyDir: string, args: readonly string[]): Promise<CliResult> {
  const script = 'mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" "$0" && exec "$@"';
  const child = spawn(
    'unshare',
    ['-rm', 'sh', '-c', script, readOnlyDir, process.execPath, cliPath, ...args],
    { cwd: root, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

// The files directly in `dir` (a suite's subdirectories are left out), by content.
function fingerprint(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort()
      .map((name) => [
        name,
        createHash('sha256')
          .update(readFileSync(join(dir, name)))
          .digest('hex'),
      ]),
  );
}

const neverSaid = /--resume|forge runs restore|bug in Forge|\n\s+at /;

beforeAll(async () => {
  const probe = spawnSync(
    'unshare',
    ['-rm', 'sh', '-c', 'mount --bind "$0" "$0" && echo mounted', root],
    { encoding: 'utf8' },
  );
  expect(
    probe.stdout.trim(),
    `this test needs unshare -rm and bind mounts (util-linux; unprivileged user namespaces or root): ${probe.stderr}`,
  ).toBe('mounted');
  const demo = await runCli(['demo', '--json', '--run-dir', 'run'], { cwd: root });
  expect(demo.code).toBe(0);
}, 120_000);

describe('read-only commands on a read-only file system', () => {
  it('a run whose directory cannot be written: exit 2 saying to copy it, the run untouched', async () => {
    const before = fingerprint(runDir);
    expect(Object.keys(before)).not.toContain('forge.db-shm');
    for (const command of [
      ['report', 'run'],
      ['runs', 'check', 'run'],
      ['runs', 'run'],
      ['eval', '--run', 'run', '--split', 'test'],
    ]) {
      const result = await cliWithReadOnly(runDir, command);
      expect([command.join(' '), result.code]).toEqual([command.join(' '), 2]);
      expect(result.stderr).toContain(
        'cannot read run/forge.db: its directory is read-only, and SQLite writes',
      );
      expect(result.stderr).toContain('Copy the run directory somewhere writable (cp -r run');
      expect(result.stdout + result.stderr).not.toMatch(neverSaid);
    }
    expect(fingerprint(runDir)).toEqual(before);
  }, 120_000);

  it('an output that cannot be written: exit 3 saying to run the command again', async () => {
    const out = join(root, 'out');
    mkdirSync(out);
    const elsewhere = await cliWithReadOnly(out, ['report', 'run', '--out', join(out, 'r.html')]);
    expect(elsewhere.code).toBe(3);
    expect(elsewhere.stderr).toContain(`cannot write ${join(out, 'r.html')}`);
    expect(elsewhere.stderr).toContain('Make room or make it writable, then run the command again');
    expect(elsewhere.stdout + elsewhere.stderr).not.toMatch(neverSaid);
    expect(readdirSync(out)).toEqual([]);

    // A reader leaves SQLite's shared-memory index beside the database; with it, the read-only
    // run is read, checked and evaluated, and only its report cannot be written.
    expect(readdirSync(runDir)).toContain('forge.db-shm');
    const before = fingerprint(runDir);
    const report = await cliWithReadOnly(runDir, ['report', 'run']);
    expect(report.code).toBe(3);
    expect(report.stderr).toContain('cannot write run/report.html: the file system is read-only');
    expect(report.stderr).toContain('then run the command again');
    expect(report.stdout + report.stderr).not.toMatch(neverSaid);
    const check = await cliWithReadOnly(runDir, ['runs', 'check', 'run']);
    expect(check.stdout).toContain('The run is healthy.');
    expect(check.code).toBe(0);
    const evaluated = await cliWithReadOnly(runDir, ['eval', '--run', 'run', '--split', 'test']);
    expect(evaluated.code).toBe(0);
    expect(fingerprint(runDir)).toEqual(before);
  }, 120_000);

  it('suite report on a read-only suite directory: exit 3 saying to run the command again', async () => {
    const suiteFile = join(root, 'suite.yaml');
    writeFileSync(
      suiteFile,
      'name: read-only\nbenchmarks: [sim]\nmethods: [baseline, forge]\ntaskModels: [sim:task]\noptimizerModels: [sim:optimizer]\nbudget: { maxEvaluations: 200 }\nevaluateTest: false\n',
    );
    const suite = await runCli(['suite', '-c', 'suite.yaml', '--dir', 'suite', '--json'], {
      cwd: root,
    });
    expect(suite.code, suite.stderr).toBe(0);
    const suiteDir = join(root, 'suite');
    const before = fingerprint(suiteDir);
    const report = await cliWithReadOnly(suiteDir, ['suite', 'report', 'suite']);
    expect(report.code, report.stderr).toBe(3);
    expect(report.stderr).toContain('the file system is read-only');
    expect(report.stderr).toContain('then run the command again');
    expect(report.stdout + report.stderr).not.toMatch(neverSaid);
    expect(fingerprint(suiteDir)).toEqual(before);
  }, 120_000);
});
