import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonEvents, runCli, startCli } from './run-cli.js';

// `forge optimize --method mipro` end to end on the offline simulated world. Everything here is
// simulated: no real model is called.
const root = mkdtempSync(join(tmpdir(), 'forge-cli-mipro-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function workspace(name: string): string {
  const directory = join(root, name);
  mkdirSync(directory, { recursive: true });
  return directory;
}

describe('forge optimize --method mipro', () => {
  it('runs from flags alone and writes its candidate with its demonstrations', async () => {
    const cwd = workspace('flags');
    const result = await runCli(
      [
        'optimize',
        '--method',
        'mipro',
        '-b',
        'sim',
        '-t',
        'sim:task',
        '-o',
        'sim:optimizer',
        '--budget',
        '300',
        '--run-dir',
        'run',
        '--json',
      ],
      { cwd },
    );
    expect(result.code).toBe(0);
    const events = jsonEvents(result.stdout);
    const end = events.at(-1) as Record<string, number | string | boolean>;
    expect(end).toMatchObject({ type: 'run-end', method: 'mipro', simulated: true });
    expect(end['evaluationsUsed'] as number).toBeLessThanOrEqual(300);
    expect(end['bestScore'] as number).toBeGreaterThan(end['seedScore'] as number);
    const notes = events
      .filter((event) => event.type === 'method-note')
      .map((event) => event['kind']);
    expect(notes).toEqual(
      expect.arrayContaining([
        'demo-sets-bootstrapped',
        'instructions-proposed',
        'trials-planned',
        'search-complete',
      ]),
    );
    const best = JSON.parse(readFileSync(join(cwd, 'run', 'best-prompts.json'), 'utf8'));
    expect(Object.keys(best.prompts)).toEqual(['interpret', 'format']);
    const saved = JSON.parse(readFileSync(join(cwd, 'run', 'result.json'), 'utf8'));
    expect(saved.summary.estimatedEvaluations - saved.summary.estimateGap).toBe(
      saved.evaluationsUsed,
    );
  }, 120_000);

  it('reaches the same final state after kill -9 mid-search and --resume', async () => {
    const cwd = workspace('resume');
    writeFileSync(
      join(cwd, 'forge.config.yaml'),
      [
        'benchmark: sim',
        'method: mipro',
        'taskModel:',
        '  model: sim:task',
        '  settings: { latency: 4 }',
        'optimizerModel:',
        '  model: sim:optimizer',
        '  settings: { latency: 4 }',
        'budget:',
        '  maxEvaluations: 400',
        '',
      ].join('\n'),
    );
    const reference = await runCli(['optimize', '--run-dir', 'reference', '--json'], { cwd });
    expect(reference.code).toBe(0);

    let killed = false;
    const interrupted = startCli(['optimize', '--run-dir', 'killed', '--json'], {
      cwd,
      onStdoutLine: (line, child) => {
        // Mid-search: after trial 8, while trial 9 is being evaluated.
        if (!killed && line.includes('"type":"step-end"') && line.includes('"step":7,')) {
          killed = true;
          child.kill('SIGKILL');
        }
      },
    });
    const first = await interrupted.done;
    expect(first.signal).toBe('SIGKILL');
    const resumed = await runCli(['optimize', '--resume', 'killed', '--json'], { cwd });
    expect(resumed.code).toBe(0);
    expect(jsonEvents(resumed.stdout).find((event) => event.type === 'run-start')).toMatchObject({
      resumed: true,
    });

    const read = (runDir: string) => {
      const database = new Database(join(cwd, runDir, 'forge.db'), { readonly: true });
      const state = database.prepare('SELECT state FROM checkpoint WHERE id = 1').get() as {
        state: string;
      };
      const records = database
        .prepare('SELECT kind, step, data FROM checkpoint_records ORDER BY seq')
        .all();
      database.close();
      return { state: JSON.parse(state.state), records };
    };
    const expected = read('reference');
    const actual = read('killed');
    expect(actual.state).toEqual(expected.state);
    // Records of the unit cut by the kill were never written, so both runs hold the same ones.
    expect(actual.records).toEqual(expected.records);
    const file = (runDir: string, name: string) =>
      JSON.parse(readFileSync(join(cwd, runDir, name), 'utf8'));
    expect({ ...file('killed', 'result.json'), runDir: '' }).toEqual({
      ...file('reference', 'result.json'),
      runDir: '',
    });
    expect(file('killed', 'best-prompts.json')).toEqual(file('reference', 'best-prompts.json'));
  }, 180_000);
});
