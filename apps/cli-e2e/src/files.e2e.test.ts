import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

// A run directory may come from someone else: links planted in it are refused, never written
// through, and `forge runs check` looks at the files beside the database too.
const root = mkdtempSync(join(tmpdir(), 'forge-files-e2e-'));
const victim = join(root, 'authorized_keys');
const victimText = 'ssh-ed25519 AAAA owner@host\n';
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function demoRun(name: string): Promise<string> {
  const run = await runCli(['demo', '--json', '--run-dir', name], { cwd: root });
  expect(run.code).toBe(0);
  return join(root, name);
}

function plantLink(file: string): void {
  if (existsSync(file)) unlinkSync(file);
  symlinkSync(victim, file);
}

describe('artifact writes', () => {
  let runDir = '';
  beforeAll(async () => {
    runDir = await demoRun('run');
  }, 60_000);

  it('forge report refuses a report.html link, exit 2 naming it, and leaves its target untouched', async () => {
    writeFileSync(victim, victimText);
    plantLink(join(runDir, 'report.html'));
    const report = await runCli(['report', 'run'], { cwd: root });
    expect(report.code).toBe(2);
    expect(report.stderr).toContain('run/report.html');
    expect(report.stderr).toMatch(/symbolic link/);
    expect(report.stderr).not.toMatch(/bug in Forge|at .*\.js:\d+/);
    expect(readFileSync(victim, 'utf8')).toBe(victimText);
    expect(lstatSync(join(runDir, 'report.html')).isSymbolicLink()).toBe(true);

    const check = await runCli(['runs', 'check', 'run'], { cwd: root });
    expect(check.code).toBe(2);
    expect(check.stderr).toContain('run/report.html is a symbolic link');

    unlinkSync(join(runDir, 'report.html'));
    const again = await runCli(['report', 'run'], { cwd: root });
    expect(again.code).toBe(0);
    expect(readFileSync(join(runDir, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/i);
    expect(readdirSync(runDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 60_000);

  it('a resumed run refuses links planted for result.json, best-prompts.json and synthetic.jsonl', async () => {
    writeFileSync(victim, victimText);
    // Resuming a finished run writes its artifacts again.
    for (const name of ['result.json', 'synthetic.jsonl', 'best-prompts.json'])
      plantLink(join(runDir, name));
    const resumed = await runCli(['optimize', '--resume', 'run', '--json'], { cwd: root });
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toMatch(/run\/(best-prompts|result|synthetic)\.jsonl?\b.*symbolic link/);
    expect(readFileSync(victim, 'utf8')).toBe(victimText);
  }, 60_000);
});

describe('forge runs check', () => {
  it('finds a truncated config.json or result.json, which the database check alone calls healthy', async () => {
    const runDir = await demoRun('truncated');
    const healthy = await runCli(['runs', 'check', 'truncated'], { cwd: root });
    expect(healthy.code).toBe(0);

    const config = join(runDir, 'config.json');
    writeFileSync(config, readFileSync(config, 'utf8').slice(0, 40));
    const result = join(runDir, 'result.json');
    writeFileSync(result, readFileSync(result, 'utf8').slice(0, 40));
    const check = await runCli(['runs', 'check', 'truncated'], { cwd: root });
    expect(check.code).toBe(2);
    expect(check.stderr).toContain('truncated/config.json is damaged');
    expect(check.stderr).toContain('the run cannot be resumed');
    expect(check.stderr).toContain('truncated/result.json is damaged');
    expect(check.stderr).toContain('The database is intact');
  }, 60_000);
});
