import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

// `forge runs` over suite directories, on the offline simulated world (every number is
// simulated), and over suite directories that are damaged or hostile.
const root = mkdtempSync(join(tmpdir(), 'forge-cli-runs-suite-'));
const parent = join(root, 'forge-runs');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const suiteConfig = [
  'name: sim-listed',
  'benchmarks: [sim]',
  'methods: [baseline, gepa, forge]',
  'taskModels: [sim:task]',
  'optimizerModels: [sim:optimizer]',
  'seeds: [0]',
  // Forge runs under this small budget rather than to completion (reaching it would be a cap).
  'budget: { maxEvaluations: 80, stopAtCompletion: false }',
  '',
].join('\n');
const cellId = (method: string) => `sim/${method}/sim-task/sim-optimizer/seed-0`;

interface Line {
  type?: string;
  [key: string]: unknown;
}
const lines = (stdout: string): Line[] =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line);

beforeAll(async () => {
  mkdirSync(parent, { recursive: true });
  writeFileSync(join(root, 'suite.yaml'), suiteConfig);
  const [suite, run] = await Promise.all([
    runCli(['suite', '-c', 'suite.yaml', '--dir', 'forge-runs/suite', '--json'], { cwd: root }),
    runCli(['optimize', '-b', 'sim', '-t', 'sim:task', '-o', 'sim:optimizer', '--budget', '60'], {
      cwd: root,
    }),
  ]);
  expect(suite.code, suite.stderr).toBe(0);
  expect(run.code, run.stderr).toBe(0);
}, 180_000);

describe('forge runs and suites', () => {
  it('lists the runs and every suite cell of a directory, and a suite directory alone', async () => {
    const results = JSON.parse(readFileSync(join(parent, 'suite', 'results.json'), 'utf8')) as {
      cells: { id: string; bestValidation: number; bestTest: number; evaluationsUsed: number }[];
    };
    const listed = await runCli(['runs', '--json'], { cwd: root });
    expect(listed.code, listed.stderr).toBe(0);
    const all = lines(listed.stdout);
    // The plain run, then the suite and its three cells.
    expect(all.filter((line) => line.type === undefined)).toHaveLength(1);
    expect(all.find((line) => line.type === 'suite')).toMatchObject({
      suiteDir: join('forge-runs', 'suite'),
      name: 'sim-listed',
      cells: 3,
    });
    const cells = all.filter((line) => line.type === 'suite-cell');
    expect(cells.map((cell) => cell['method'])).toEqual(['forge', 'baseline', 'gepa']);
    for (const cell of cells) {
      const result = results.cells.find((entry) => entry.id === cell['id']);
      expect(cell).toMatchObject({
        benchmark: 'sim',
        seed: 0,
        status: 'done',
        simulated: true,
        runDir: join('forge-runs', 'suite', 'cells', String(cell['id'])),
        bestValidation: result?.bestValidation,
        bestTest: result?.bestTest,
        evaluationsUsed: result?.evaluationsUsed,
      });
    }

    const text = await runCli(['runs'], { cwd: root });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^run +benchmark +variant +status/m);
    expect(text.stdout).toContain(
      `suite sim-listed in ${join('forge-runs', 'suite')} — simulated: 3 cell(s) (3 done)`,
    );
    const gepa = results.cells.find((cell) => cell.id === cellId('gepa'));
    expect(text.stdout).toMatch(
      new RegExp(
        `^gepa +sim +sim:task +sim:optimizer +0 +original +done +${gepa?.evaluationsUsed} +${((gepa?.bestValidation ?? 0) * 100).toFixed(1)}% +${((gepa?.bestTest ?? 0) * 100).toFixed(1)}% +forge-runs/suite/cells/sim/gepa/`,
        'm',
      ),
    );

    // A suite directory given alone: its cells, and no plain runs.
    const alone = await runCli(['runs', 'forge-runs/suite', '--json'], { cwd: root });
    expect(alone.code, alone.stderr).toBe(0);
    expect(lines(alone.stdout).map((line) => line.type)).toEqual([
      'suite',
      'suite-cell',
      'suite-cell',
      'suite-cell',
    ]);
  });

  it('checks a suite cell with forge runs check, a peer method’s cell included', async () => {
    for (const method of ['forge', 'gepa']) {
      const check = await runCli(
        ['runs', 'check', join('forge-runs', 'suite', 'cells', cellId(method)), '--json'],
        { cwd: root },
      );
      expect(check.code, check.stdout + check.stderr).toBe(0);
      expect(JSON.parse(check.stdout)).toMatchObject({
        type: 'run-check',
        healthy: true,
        problems: [],
      });
    }
  });

  it('treats a damaged or hostile suite as data: exit 2 naming the file, never a stack trace', async () => {
    const hostile = join(root, 'hostile');
    mkdirSync(hostile);
    const copy = (name: string) => {
      cpSync(join(parent, 'suite'), join(hostile, name), { recursive: true });
      return join(hostile, name);
    };
    writeFileSync(join(copy('bad-results'), 'results.json'), '{"cells": [');
    writeFileSync(join(copy('bad-suite'), 'suite.json'), '{"formatVersion": 1, "digest": 7');
    const linked = copy('linked-cell');
    const gepaCell = join(linked, 'cells', cellId('gepa'));
    rmSync(gepaCell, { recursive: true });
    symlinkSync(join(parent, 'suite', 'cells', cellId('gepa')), gepaCell);
    // A dangling link beside the suites.
    symlinkSync(join(root, 'nowhere'), join(hostile, 'dangling'));

    const listed = await runCli(['runs', 'hostile', '--json'], { cwd: root });
    expect(listed.code).toBe(2);
    expect(listed.stderr).not.toMatch(/\n\s+at /);
    expect(listed.stderr).toContain(join(hostile, 'bad-results', 'results.json'));
    expect(listed.stderr).toContain('not valid JSON');
    expect(listed.stderr).toContain(join(hostile, 'bad-suite', 'suite.json'));
    expect(listed.stderr).toContain(
      `${join('hostile', 'linked-cell', 'cells', cellId('gepa'))} is a symbolic link`,
    );
    const byDir = (dir: string) =>
      lines(listed.stdout).filter(
        (line) => line['suiteDir'] === join('hostile', dir) && line.type === 'suite-cell',
      );
    // Without a readable results.json, the cells' own run directories say where they stand.
    expect(byDir('bad-results').map((cell) => cell['status'])).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    expect(byDir('bad-suite')).toEqual([]);
    expect(byDir('linked-cell').map((cell) => [cell['method'], cell['status']])).toEqual([
      ['forge', 'done'],
      ['baseline', 'done'],
      ['gepa', 'unreadable'],
    ]);

    const text = await runCli(['runs', 'hostile/bad-suite'], { cwd: root });
    expect(text.code).toBe(2);
    expect(text.stderr).toMatch(/^forge: .*bad-suite\/suite\.json: cannot read the suite/m);
    expect(text.stderr).not.toMatch(/\n\s+at /);
  });
});
