import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportSuite, type SuiteExportDocument } from './export-suite.js';
import { readSuiteResultsFile } from './read-saved-suite-report.js';
import { runSuite } from './run-suite.js';
import type { SuiteConfigInput } from './suite-config-schema.js';

// A simulated suite whose reference (Forge) is stopped by the optimizer cost cap part-way: every
// number here is simulated; the prices only make the simulated calls cost something.
const root = mkdtempSync(join(tmpdir(), 'forge-suite-truncation-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const config: SuiteConfigInput = {
  name: 'capped',
  benchmarks: ['sim'],
  methods: ['baseline', 'prompt-search', 'forge'],
  taskModels: ['sim:task'],
  optimizerModels: ['sim:optimizer'],
  seeds: [0],
  budget: { maxEvaluations: 100_000, maxOptimizerCostUsd: 0.15 },
  prices: { 'sim:*': { input: 1, output: 1 } },
};
const forge = 'sim/forge/sim-task/sim-optimizer/seed-0';
const search = 'sim/prompt-search/sim-task/sim-optimizer/seed-0';

describe('a suite whose reference a cap stops', () => {
  const dir = join(root, 'suite');

  it('marks the reference stopped, refuses the row naming both, and the tables say so', async () => {
    const result = await runSuite(config, { dir });
    const reference = result.results.cells.find((cell) => cell.id === forge);
    expect(reference).toMatchObject({
      status: 'stopped',
      stop: { by: 'cost-cap', limit: 0.15 },
      stopReason: 'optimizer cost limit ($0.15)',
    });
    expect(reference?.stop?.at.evaluations).toBe(reference?.evaluationsUsed);
    expect(reference?.stop?.at.optimizerCostUsd).toBeGreaterThanOrEqual(0.15);
    expect(result.refused).toEqual([{ cell: search, dependency: forge }]);
    expect(result.results.cells.find((cell) => cell.id === search)).toMatchObject({
      status: 'pending',
      stoppedDependencies: [forge],
    });
    // The control needs no ceiling: it ran.
    expect(result.results.cells.find((cell) => cell.method === 'baseline')?.status).toBe('done');
    const tables = readFileSync(join(dir, 'tables.md'), 'utf8');
    expect(tables).toContain('1 stopped by a cap (‡)');
    expect(tables).toContain('| Date normalisation (simulated) ‡ |');
    expect(tables).toContain(
      `‡ Forge on Date normalisation (simulated), seed 0 did not finish: stopped by the optimizer cost cap ($0.15) at ${reference?.evaluationsUsed} evaluations`,
    );
    expect(tables).toContain('1 cell(s) refused');
    expect(tables).toContain('| stopped: optimizer cost cap ($0.15) |');
    expect(tables).toContain('| refused |');
  }, 60_000);

  it('runs the refused cell on the truncated count once allowed, flagged, without rerunning the reference', async () => {
    const result = await runSuite(
      { ...config, alignment: { allowTruncatedCeilings: true } },
      { dir, resume: true },
    );
    expect(result.ran).toEqual([search]);
    expect(result.refused).toEqual([]);
    const reference = result.results.cells.find((cell) => cell.id === forge);
    expect(result.results.cells.find((cell) => cell.id === search)).toMatchObject({
      status: 'done',
      ceiling: reference?.evaluationsUsed,
      stoppedDependencies: [forge],
    });
    const tables = readFileSync(join(dir, 'tables.md'), 'utf8');
    expect(tables).toContain('| Date normalisation (simulated) ‡ § |');
    expect(tables).toContain(
      `§ Prompt search on Date normalisation (simulated), seed 0 ran on the evaluation ceiling (or data) of ${forge}, which a cap stopped short (allowTruncatedCeilings)`,
    );
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain(
      'stopped: optimizer cost cap ($0.15)',
    );
    // The CSV tables and the LaTeX export carry the marks; the export says the same, per cell.
    expect(readFileSync(join(dir, 'tables', 'main-sim-task-sim-optimizer.csv'), 'utf8')).toContain(
      'Date normalisation (simulated) ‡ §',
    );
    expect(exportSuite(dir, { format: 'latex' }).text).toContain(
      'Date normalisation (simulated) \\ddag{} \\S{}',
    );
    const exported = JSON.parse(exportSuite(dir, { format: 'json' }).text) as SuiteExportDocument;
    expect(exported.cells.find((cell) => cell.cell === forge)).toMatchObject({
      status: 'stopped',
      stop: { by: 'cost-cap', limit: 0.15 },
    });
    expect(exported.cells.find((cell) => cell.cell === search)?.stoppedDependencies).toEqual([
      forge,
    ]);
  }, 60_000);

  it('reads a results.json written before cells recorded their stop: a capped done cell is stopped', () => {
    const file = join(dir, 'results.json');
    const written = JSON.parse(readFileSync(file, 'utf8'));
    written.cells = written.cells.map((cell: Record<string, unknown>) => {
      const { stop: _stop, stoppedDependencies: _flag, ...old } = cell;
      return cell['id'] === forge ? { ...old, status: 'done' } : old;
    });
    writeFileSync(file, JSON.stringify(written));
    const read = readSuiteResultsFile(dir);
    expect(read?.cells.find((cell) => cell.id === forge)).toMatchObject({
      status: 'stopped',
      stop: { by: 'cost-cap', limit: 0.15 },
    });
    expect(read?.cells.find((cell) => cell.id === search)?.stoppedDependencies).toEqual([forge]);
    expect(read?.cells.find((cell) => cell.method === 'baseline')?.status).toBe('done');
  });
});

describe('a transfer study whose source a cap stops: the GRPO export', () => {
  const dir = join(root, 'transfer');
  const transferConfig: SuiteConfigInput = {
    ...config,
    name: 'capped-transfer',
    methods: ['forge', 'prompt-search'],
    transfer: { methods: ['prompt-search'] },
  };
  const row = 'sim/sim-task/sim-optimizer/seed-0';
  const manifest = () => JSON.parse(readFileSync(join(dir, 'grpo', 'export.json'), 'utf8'));

  it('skips the row by default, saying which cell stopped and why, in grpo/export.json and the notes', async () => {
    const result = await runSuite(transferConfig, { dir });
    const source = result.results.cells.find((cell) => cell.id === forge);
    expect(source).toMatchObject({ status: 'stopped', stop: { by: 'cost-cap', limit: 0.15 } });
    expect(
      existsSync(join(source?.runDir ? join(dir, source.runDir) : dir, 'synthetic.jsonl')),
    ).toBe(true);
    expect(existsSync(join(dir, 'grpo', row))).toBe(false);
    const stop = `stopped by the optimizer cost cap ($0.15) at ${source?.evaluationsUsed} evaluations`;
    expect(manifest()).toEqual({
      formatVersion: 1,
      rows: [
        {
          row,
          source: forge,
          outcome: 'skipped',
          reason: expect.stringContaining(`its source ${forge} was ${stop}`),
          stop: source?.stop,
        },
      ],
    });
    expect(result.notes).toEqual([
      `grpo/${row}: not exported — its source ${forge} was ${stop}, $${source?.stop?.at.costUsd?.toFixed(2)} spent: its synthetic data is a truncated run's; set alignment.allowTruncatedCeilings: true to export it flagged`,
    ]);
    expect(result.files).toContain('grpo/export.json');
  }, 60_000);

  it('exports it flagged once truncated sources are allowed: reward.json names the stop', async () => {
    const result = await runSuite(
      { ...transferConfig, alignment: { allowTruncatedCeilings: true } },
      { dir, resume: true },
    );
    const source = result.results.cells.find((cell) => cell.id === forge);
    const reward = JSON.parse(readFileSync(join(dir, 'grpo', row, 'reward.json'), 'utf8'));
    expect(reward.source).toEqual({
      cell: forge,
      status: 'stopped',
      truncated: true,
      stop: source?.stop,
      note: expect.stringContaining("train_plus_synthetic holds a truncated run's synthetic data"),
    });
    expect(manifest().rows).toEqual([
      expect.objectContaining({ row, outcome: 'exported-truncated', stop: source?.stop }),
    ]);
    expect(result.notes).toEqual([
      expect.stringMatching(
        new RegExp(
          `^grpo/${row}: exported, flagged — its source ${forge} was stopped by the optimizer cost cap`,
        ),
      ),
    ]);
  }, 60_000);
});
