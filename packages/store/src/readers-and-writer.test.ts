import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openRunDatabase } from './open-run-database.js';

const root = mkdtempSync(join(tmpdir(), 'forge-readers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Snapshot {
  steps: number;
  stepActions: number;
  commits: number;
  actionCommits: number;
  stepEvents: number;
}

describe('readers of a run that is being written', () => {
  it('never block the writer and never see half a step', async () => {
    const runDir = join(root, 'run');
    const script = fileURLToPath(new URL('./__fixtures__/write-steps.ts', import.meta.url));
    const writer = spawn(process.execPath, ['--import', 'tsx', script, runDir, '100000'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    writer.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    let commits = 0;
    let done = false;
    writer.stdout.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (line.startsWith('commit ')) commits = Number(line.slice(7));
        if (line === 'done') done = true;
      }
    });
    const finished = new Promise<number | null>((resolve) => writer.on('close', resolve));
    while (commits < 20) await new Promise((resolve) => setTimeout(resolve, 10));

    const reader = openRunDatabase(runDir, { readonly: true });
    const snapshot = reader.prepare(
      `SELECT (SELECT count(*) FROM steps) AS steps,
        (SELECT count(*) FROM actions WHERE type = 'step-completed') AS stepActions,
        (SELECT count(*) FROM commits) AS commits,
        (SELECT count(DISTINCT commit_seq) FROM actions) AS actionCommits,
        (SELECT count(*) FROM events WHERE type = 'step-end') AS stepEvents`,
    );
    // A read transaction held open for a while: the writer must keep committing meanwhile.
    reader.prepare('BEGIN').run();
    const held = snapshot.get() as Snapshot;
    const commitsBefore = commits;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(snapshot.get()).toEqual(held);
    reader.prepare('COMMIT').run();
    expect(commits - commitsBefore).toBeGreaterThan(10);

    // Every read sees whole steps only: all the rows a step writes, or none of them.
    // The loop reads at least 300 times and until the writer has committed again meanwhile (on a
    // loaded machine the writer may get no CPU during the first 300 reads), within a deadline.
    let reads = 0;
    const commitsBeforeReads = commits;
    const deadline = Date.now() + 30_000;
    while (!done && (reads < 300 || commits <= commitsBeforeReads) && Date.now() < deadline) {
      const seen = snapshot.get() as Snapshot;
      expect(seen.steps).toBe(seen.stepActions);
      expect(seen.steps).toBe(seen.stepEvents);
      expect(seen.commits).toBe(seen.actionCommits);
      reads += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    reader.close();
    expect(reads, stderr).toBeGreaterThanOrEqual(300);
    expect(commits).toBeGreaterThan(commitsBeforeReads);
    writer.kill('SIGKILL');
    await finished;
  }, 60_000);
});
