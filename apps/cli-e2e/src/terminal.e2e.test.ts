import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readModelCalls, readTestedCandidates, readTestScores } from '@forge/store';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { cliPath } from './run-cli.js';
import { TmuxSession } from './tmux-session.js';

// The progress display in a real terminal (tmux), at a narrow and a wide width. Everything here
// runs on the offline simulated world.
const root = mkdtempSync(join(tmpdir(), 'forge-terminal-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// The progress row: the bar, or its narrowest form "<used>/<max> · best <score>".
const progressRow = /[█░]|\d+\/\d+ (evaluations|evals)? ?·|^\d+\/\d+ · best/;

function hasTmux(): boolean {
  try {
    execFileSync('tmux', ['-V']);
    return true;
  } catch {
    return false;
  }
}

function workspace(name: string, latency: number, budget: number): string {
  const cwd = join(root, name);
  mkdirSync(cwd, { recursive: true });
  writeFileSync(
    join(cwd, 'forge.config.yaml'),
    [
      'benchmark: sim',
      `taskModel: { model: sim:task, settings: { latency: ${latency} } }`,
      `optimizerModel: { model: sim:optimizer, settings: { latency: ${latency} } }`,
      `budget: { maxEvaluations: ${budget} }`,
      '',
    ].join('\n'),
  );
  return cwd;
}

// Without CI=true the CLI takes tmux for what it is: a person's terminal.
const command = (args: string) => `env -u CI FORGE_DEBUG=1 ${process.execPath} ${cliPath} ${args}`;

describe('the progress display in a real terminal', () => {
  if (!hasTmux()) {
    it('needs tmux', () => {
      throw new Error(
        "tmux is missing: install Debian's package with 'apt-get install -y tmux' (scripts/setup.sh does it as root)",
      );
    });
    return;
  }

  for (const columns of [60, 200]) {
    it(`redraws in place at ${columns} columns and leaves no stale progress lines`, async () => {
      const cwd = workspace(`width-${columns}`, 3, 500);
      using session = new TmuxSession(`w${columns}`, {
        columns,
        rows: 40,
        cwd,
        command: command('optimize --run-dir run'),
      });
      // While it runs, the screen holds at most one progress row, on the bottom line of output.
      let samples = 0;
      while (!session.history().some((line) => line.startsWith('EXIT='))) {
        const screen = session.screen();
        const rows = screen.filter((line) => progressRow.test(line));
        expect(rows.length, screen.join('\n')).toBeLessThanOrEqual(1);
        if (rows.length === 1) {
          samples += 1;
          const lastWritten = screen.filter((line) => line.trim() !== '').at(-1);
          expect(lastWritten).toBe(rows[0]);
          expect((rows[0] ?? '').length).toBeLessThan(columns);
        }
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      expect(samples).toBeGreaterThan(3);
      const history = session.history();
      expect(history.filter((line) => progressRow.test(line))).toEqual([]);
      expect(history).toContain('EXIT=0');
      expect(history.join('\n')).toContain('Forge run summary — SIMULATED');
      expect(history.join('\n')).toContain('synthesis event 0:');
    });
  }

  it('prints a stable line on Ctrl-C, stops after the step and skips the test split', async () => {
    const cwd = workspace('ctrl-c', 15, 3000);
    using session = new TmuxSession('ctrl-c', {
      columns: 100,
      rows: 40,
      cwd,
      command: command('optimize --run-dir run'),
    });
    await session.waitFor(/^candidate 2 /);
    session.interrupt();
    await session.waitFor(/^EXIT=/);
    const history = session.history();
    const stop = history.indexOf(
      'stopping after this step (progress is saved); press Ctrl-C again to stop at once',
    );
    expect(stop, history.join('\n')).toBeGreaterThan(0);
    const skipped = history.findIndex((line) =>
      line.startsWith('test split not evaluated: the run was stopped'),
    );
    expect(skipped).toBeGreaterThan(stop);
    expect(history.join('\n')).toContain(`forge eval --run ${join(cwd, 'run')} --split test`);
    expect(history.join('\n')).toContain('stopped: stop requested');
    expect(history).toContain('EXIT=130');
    expect(history.filter((line) => progressRow.test(line))).toEqual([]);
    const database = new Database(join(cwd, 'run', 'forge.db'), { readonly: true });
    const tested = {
      n: readTestedCandidates(database).reduce(
        (rows, candidate) => rows + readTestScores(database, candidate).length,
        0,
      ),
    };
    const testCalls = {
      n: readModelCalls(database).filter((call) =>
        call.requestJson?.toLowerCase().includes('"sampleindex"'),
      ).length,
    };
    database.close();
    expect(tested.n).toBe(0);
    expect(testCalls.n).toBe(0);
  });
});
