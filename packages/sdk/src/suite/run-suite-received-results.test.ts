import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSuite } from './run-suite.js';
import type { SuiteConfigInput } from './suite-config-schema.js';

// A suite directory someone sent: its results.json is data. A result that claims more than the
// plan allows (a reference count above the cap, which would become its row's ceiling; a cell
// elsewhere; another method) is refused before any cell runs. Simulated models only.
const root = mkdtempSync(join(tmpdir(), 'forge-suite-received-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const config: SuiteConfigInput = {
  name: 'received',
  benchmarks: ['sim'],
  methods: ['prompt-search', 'forge'],
  taskModels: ['sim:task'],
  optimizerModels: ['sim:optimizer'],
  seeds: [0],
  budget: { maxEvaluations: 120 },
  // The reference reaches the cap (stopped); its row may still run on that count.
  alignment: { allowTruncatedCeilings: true },
};
const forge = 'sim/forge/sim-task/sim-optimizer/seed-0';
const search = 'sim/prompt-search/sim-task/sim-optimizer/seed-0';

describe('resuming a suite whose results.json was written by someone else', () => {
  const dir = join(root, 'suite');
  const file = join(dir, 'results.json');
  let honest = '';

  beforeAll(async () => {
    // Only the reference runs: its aligned cell is left for the resume.
    await runSuite(config, { dir, cells: [forge] });
    honest = readFileSync(file, 'utf8');
  }, 60_000);

  // Plants one change in the reference's recorded result, resumes, and returns the error.
  const resumeWith = async (change: (cell: Record<string, unknown>) => void) => {
    const document = JSON.parse(honest);
    change(document.cells.find((cell: { id: string }) => cell.id === forge));
    const planted = `${JSON.stringify(document, null, 2)}\n`;
    writeFileSync(file, planted);
    const error = await runSuite(config, { dir, resume: true }).then(
      () => undefined,
      (thrown: unknown) => thrown as Error,
    );
    // Nothing ran and nothing was rewritten.
    expect(existsSync(join(dir, 'cells', search))).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(planted);
    return error;
  };

  it('refuses a reference count above the cap, which would widen its row', async () => {
    const error = await resumeWith((cell) => {
      cell['evaluationsUsed'] = 3000;
    });
    expect(error?.name).toBe('SuiteResultsError');
    expect(error?.message).toBe(
      `${file}: the result of ${forge} claims 3000 evaluations used, above the suite's cap of 120: a reference cell never spends past it, and its count would become its row's ceiling; nothing was run or written (a suite directory's results are checked against the plan its suite.json makes here)`,
    );
  });

  it('refuses a run directory outside the cell, and a method the plan does not give the cell', async () => {
    const outside = await resumeWith((cell) => {
      cell['runDir'] = '../../elsewhere';
    });
    expect(outside?.message).toContain(
      `the result of ${forge} names the run directory "../../elsewhere", not cells/${forge}`,
    );
    const method = await resumeWith((cell) => {
      cell['method'] = 'gepa\u001b[2J';
    });
    expect(method?.message).toContain(
      `the result of ${forge} says method "gepa\\u001b[2J", but the plan's cell has "forge"`,
    );
  });

  it('runs the rest of the suite from the honest results', async () => {
    writeFileSync(file, honest);
    const result = await runSuite(config, { dir, resume: true });
    expect(result.ran).toEqual([search]);
    expect(result.results.cells.find((cell) => cell.id === search)?.status).toBe('done');
  }, 60_000);
});
