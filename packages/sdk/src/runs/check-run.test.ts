import {
  copyFileSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidArgumentError } from '@forge/provider';
import { StoreError } from '@forge/store';
import { afterAll, describe, expect, it } from 'vitest';
import { errorKind } from '../errors/error-kind.js';
import { optimize } from '../run/optimize.js';
import { checkRun } from './check-run.js';
import { listRuns } from './list-runs.js';
import { restoreRun } from './restore-run.js';
import { writeReport } from './write-report.js';

const root = mkdtempSync(join(tmpdir(), 'forge-check-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const simConfig = (runDir: string, overrides: Record<string, unknown> = {}) => ({
  benchmark: 'sim',
  taskModel: 'sim:task',
  optimizerModel: 'sim:optimizer',
  budget: { maxEvaluations: 300 },
  backupIntervalSeconds: 0,
  evaluateTest: false,
  runDir,
  ...overrides,
});

function damage(runDir: string): void {
  const file = join(runDir, 'forge.db');
  truncateSync(file, Math.floor(statSync(file).size / 2));
}

describe('checkRun, restoreRun and the readers of a damaged run', () => {
  it('finds a healthy run healthy, with its backup and no writer', async () => {
    const runDir = join(root, 'healthy');
    const result = await optimize(simConfig(runDir));
    const check = await checkRun(runDir);
    expect(check).toMatchObject({
      healthy: true,
      problems: [],
      steps: result.steps,
      lease: { state: 'free' },
      backup: { step: result.steps, intact: true },
      advice: 'The run is healthy.',
    });
  }, 30_000);

  it('reports a damaged run everywhere with what to do, restores it, and resume reaches the uninterrupted result', async () => {
    const reference = await optimize(simConfig(join(root, 'reference')));
    const runDir = join(root, 'damaged');
    const stop = new AbortController();
    await optimize(simConfig(runDir), {
      stopSignal: stop.signal,
      onEvent: (event) => {
        if (event.type === 'step-end' && event.step === 7) stop.abort();
      },
    });
    damage(runDir);

    const check = await checkRun(runDir);
    expect(check.healthy).toBe(false);
    expect(check.problems.join('\n')).toMatch(/malformed|integrity/);
    expect(check.advice).toContain(`forge runs restore ${runDir}`);
    expect(check.backup?.intact).toBe(true);

    const readers: (() => unknown)[] = [
      () => writeReport(runDir),
      () => optimize({}, { resume: runDir }),
    ];
    for (const reader of readers) {
      const error = await Promise.resolve()
        .then(reader)
        .catch((caught: unknown) => caught);
      expect(StoreError.isInstance(error), String(error)).toBe(true);
      expect((error as StoreError).reason).toBe('corrupt');
      expect((error as Error).message).toContain(`forge runs restore ${runDir}`);
    }
    expect(listRuns(runDir)).toMatchObject([
      { status: 'damaged', problem: expect.stringContaining('damaged') },
    ]);

    const restored = restoreRun(runDir);
    expect(restored.backup.step).toBe(8);
    expect(restored.movedAside.length).toBeGreaterThan(0);
    expect((await checkRun(runDir)).healthy).toBe(true);

    const resumed = await optimize({}, { resume: runDir });
    expect(resumed.search?.history.length).toBeGreaterThan(0);
    expect(resumed.search?.history).toEqual(reference.search?.history);
    expect(resumed.search?.state.syntheticInstances).toEqual(
      reference.search?.state.syntheticInstances,
    );
    const result = (dir: string) => ({
      ...JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8')),
      runDir: '',
    });
    expect(result(runDir)).toEqual(result(join(root, 'reference')));
  }, 60_000);

  it('finds a run whose forge.db is a link unhealthy, and --resume writes nothing through it', async () => {
    const runDir = join(root, 'linked-database');
    await optimize(simConfig(runDir, { budget: { maxEvaluations: 300, maxSteps: 1 } }));
    // Someone's database elsewhere, linked in the run's place.
    const elsewhere = join(root, 'someone-else.db');
    copyFileSync(join(runDir, 'forge.db'), elsewhere);
    renameSync(join(runDir, 'forge.db'), join(root, 'moved.db'));
    symlinkSync(elsewhere, join(runDir, 'forge.db'));
    const before = readFileSync(elsewhere);
    const check = await checkRun(runDir);
    expect(check.healthy).toBe(false);
    expect(check.problems.join('\n')).toContain(
      `${join(runDir, 'forge.db')} is a symbolic link; Forge opens no run database through a link`,
    );
    await expect(
      optimize({ budget: { maxEvaluations: 300, maxSteps: 3 } }, { resume: runDir }),
    ).rejects.toThrow('is a symbolic link');
    expect(readFileSync(elsewhere).equals(before)).toBe(true);
  });

  it('report on a run whose forge.db-wal or -shm is a link: a user error naming it, the target untouched', async () => {
    const runDir = join(root, 'linked-index');
    await optimize(simConfig(runDir, { budget: { maxEvaluations: 300, maxSteps: 1 } }));
    const victim = join(root, 'someone-else.shm');
    writeFileSync(victim, 'yours\n');
    rmSync(join(runDir, 'forge.db-shm'), { force: true });
    symlinkSync(victim, join(runDir, 'forge.db-shm'));
    const error = await Promise.resolve()
      .then(() => writeReport(runDir))
      .catch((caught: unknown) => caught);
    expect(String(error)).toContain(`${join(runDir, 'forge.db-shm')} is a symbolic link`);
    expect(await errorKind(error)).toBe('user');
    expect(readFileSync(victim, 'utf8')).toBe('yours\n');
  });

  it('refuses to roll an intact run back unless forced, and a run without backup', async () => {
    const runDir = join(root, 'intact');
    await optimize(simConfig(runDir, { budget: { maxEvaluations: 300, maxSteps: 3 } }));
    expect(() => restoreRun(runDir)).toThrow(InvalidArgumentError);
    expect(() => restoreRun(runDir)).toThrow('--force');
    expect(restoreRun(runDir, { force: true }).backup.step).toBe(3);
    const bare = join(root, 'bare');
    await optimize(simConfig(bare, { budget: { maxEvaluations: 300, maxSteps: 1 } }));
    rmSync(join(bare, 'forge.backup.db'));
    damage(bare);
    expect(() => restoreRun(bare)).toThrow('has no backup');
    expect((await checkRun(bare)).advice).toBe('There is no backup of it; start a new run.');
  }, 60_000);
});

describe('checkRun on a run of a method that keeps a checkpoint', () => {
  it('finds a finished GEPA run healthy, with its checkpoint steps', async () => {
    const runDir = join(root, 'gepa');
    await optimize(simConfig(runDir, { method: 'gepa', budget: { maxEvaluations: 120 } }));
    const check = await checkRun(runDir);
    expect(check.problems).toEqual([]);
    expect(check).toMatchObject({ healthy: true, advice: 'The run is healthy.' });
    expect(check.steps).toBeGreaterThan(0);
    expect(check.commits).toBeGreaterThan(0);
  }, 60_000);
});
