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
import { afterAll, describe, expect, it } from 'vitest';
import { runSuite } from '../suite/run-suite.js';
import { listSuite, listSuites } from './list-suites.js';

// A suite on the offline simulated world: every number here is simulated.
const root = mkdtempSync(join(tmpdir(), 'forge-list-suites-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const cell = (method: string) => `sim/${method}/sim-task/sim-optimizer/seed-0`;

describe('listSuites', () => {
  it('lists every planned cell: finished ones from results.json, others from their run directory or as pending', async () => {
    const dir = join(root, 'runs', 'suite');
    await runSuite(
      {
        name: 'listed',
        benchmarks: ['sim'],
        methods: ['baseline', 'prompt-search', 'failure-memory'],
        taskModels: ['sim:task'],
        optimizerModels: ['sim:optimizer'],
        seeds: [0],
        alignment: { reference: null },
        budget: { maxEvaluations: 60 },
      },
      { dir, only: 'method=baseline|prompt-search' },
    );
    // A cell whose run directory exists but whose result was never recorded (killed in between).
    rmSync(join(dir, 'cells', cell('prompt-search')), { recursive: true });
    cpSync(join(dir, 'cells', cell('baseline')), join(dir, 'cells', cell('prompt-search')), {
      recursive: true,
    });
    const resultsText = readFileSync(join(dir, 'results.json'), 'utf8');
    const results = JSON.parse(resultsText) as { cells: { id: string; status: string }[] };
    writeFileSync(
      join(dir, 'results.json'),
      JSON.stringify({
        ...results,
        cells: results.cells.map((entry) =>
          entry.id === cell('prompt-search') ? { ...entry, status: 'pending' } : entry,
        ),
      }),
    );
    const listing = listSuite(dir);
    expect(listing).toMatchObject({ suiteDir: dir, name: 'listed' });
    expect(listing.problem).toBeUndefined();
    expect(listing.cells.map((entry) => [entry.method, entry.status])).toEqual([
      ['baseline', 'done'],
      ['prompt-search', 'completed'],
      ['failure-memory', 'pending'],
    ]);
    expect(listing.cells[0]).toMatchObject({
      runDir: join(dir, 'cells', cell('baseline')),
      evaluationsUsed: 20,
      simulated: true,
    });
    expect(listing.cells[1]?.bestValidation).toBe(listing.cells[0]?.bestValidation);
    expect(listSuites(join(root, 'runs')).map((suite) => suite.suiteDir)).toEqual([dir]);
    expect(listSuites(dir).map((suite) => suite.name)).toEqual(['listed']);
  }, 60_000);

  it('reports a symbolic link on the way to a cell and an unreadable suite.json, and skips dangling links', () => {
    const parent = join(root, 'hostile');
    mkdirSync(join(parent, 'linked', 'cells', 'sim'), { recursive: true });
    cpSync(join(root, 'runs', 'suite', 'suite.json'), join(parent, 'linked', 'suite.json'));
    symlinkSync(
      join(root, 'runs', 'suite', 'cells', 'sim', 'baseline'),
      join(parent, 'linked', 'cells', 'sim', 'baseline'),
    );
    mkdirSync(join(parent, 'broken'));
    writeFileSync(join(parent, 'broken', 'suite.json'), 'not json');
    symlinkSync(join(root, 'nowhere'), join(parent, 'dangling'));
    const [broken, linked] = listSuites(parent);
    expect(broken?.problem).toMatch(/broken\/suite\.json: cannot read the suite/);
    expect(broken?.cells).toEqual([]);
    expect(linked?.cells[0]).toMatchObject({
      method: 'baseline',
      status: 'unreadable',
      problem: `${join(parent, 'linked', 'cells', 'sim', 'baseline')} is a symbolic link; a suite's cells are real directories (Forge does not follow it)`,
    });
    expect(linked?.cells[2]?.status).toBe('pending');
  });
});
