import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Method } from '@forge/method';
import { parseSuiteResults } from '@forge/suite';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import { readConfigFile } from '../config/load-config.js';
import { registerMethod } from '../methods/method-registry.js';
import { estimateSuite } from './estimate-suite.js';
import { exportSuite, type SuiteExportDocument } from './export-suite.js';
import { mergeSuites } from './merge-suites.js';
import { reportSuite } from './report-suite.js';
import { runSuite } from './run-suite.js';
import type { SuiteConfigInput } from './suite-config-schema.js';
import type { SuiteRunEvent } from './suite-run-events.js';

// Suites on the offline simulated world: every number here is simulated.
const root = mkdtempSync(join(tmpdir(), 'forge-suite-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const variants = ['baseline', 'prompt-search', 'random-synthesis', 'failure-memory', 'forge'];
const config: SuiteConfigInput = {
  name: 'sim-ablation',
  benchmarks: ['sim'],
  methods: variants,
  taskModels: ['sim:task'],
  optimizerModels: ['sim:optimizer'],
  seeds: [0, 1],
  budget: { maxEvaluations: 100_000 },
};
const resultsOf = (dir: string) =>
  parseSuiteResults(readFileSync(join(dir, 'results.json'), 'utf8'), 'results.json');

/** A CSV document as rows of fields (RFC 4180 quoting). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\n').filter((row) => row !== '')) {
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    for (let index = 0; index < line.length; index += 1) {
      const character = line[index] as string;
      if (quoted && character === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = !quoted;
      else if (character === ',' && !quoted) {
        fields.push(field);
        field = '';
      } else field += character;
    }
    fields.push(field);
    rows.push(fields);
  }
  return rows;
}

let full: Awaited<ReturnType<typeof runSuite>> | undefined;
async function fullSuite() {
  full ??= await runSuite(config, { dir: join(root, 'full') });
  return full;
}

describe('runSuite on the simulated world', () => {
  it('runs Forge first per row, aligns the other variants to its completed count, and writes the tables', async () => {
    const events: SuiteRunEvent[] = [];
    full = await runSuite(config, {
      dir: join(root, 'full'),
      onEvent: (event) => events.push(event),
    });
    const { results, dir } = full;
    expect(results.cells).toHaveLength(10);
    expect(results.simulated).toBe(true);
    expect(results.cells.every((cell) => cell.status === 'done')).toBe(true);
    for (const seed of [0, 1]) {
      const row = results.cells.filter((cell) => cell.seed === seed);
      const forge = row.find((cell) => cell.method === 'forge');
      expect(forge?.ceiling).toBeNull();
      expect(forge?.stopReason).toMatch(/^complete/);
      expect(row.find((cell) => cell.method === 'baseline')).toMatchObject({
        ceiling: null,
        evaluationsUsed: 20,
      });
      for (const cell of row.filter(
        (candidate) => !['forge', 'baseline'].includes(candidate.method),
      )) {
        expect(cell.ceiling).toBe(forge?.evaluationsUsed);
        expect(cell.maxEvaluations).toBe(forge?.evaluationsUsed);
        expect(cell.evaluationsUsed).toBeLessThanOrEqual(cell.ceiling ?? 0);
        expect(cell.exceededCeiling).toBe(false);
      }
      // The reference ran before every aligned cell of its row.
      const starts = events.flatMap((event) =>
        event.type === 'cell-start' ? [event.cell.id] : [],
      );
      expect(starts.indexOf(forge?.id ?? '')).toBeLessThan(
        starts.indexOf(`sim/prompt-search/sim-task/sim-optimizer/seed-${seed}`),
      );
    }
    const forge = results.cells.find((cell) => cell.method === 'forge');
    expect(forge?.synthesis?.admitted).toBeGreaterThan(0);
    expect(forge?.curve[0]?.evaluationsUsed).toBe(20);
    // Every cell records the versions that produced it; the tables say who wrote them, from what.
    const version = (
      JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    for (const cell of results.cells)
      expect(cell.versions).toEqual({ '@forge/sdk': version, '@forge/sim': expect.any(String) });
    const provenance = JSON.parse(readFileSync(join(dir, 'tables', 'provenance.json'), 'utf8'));
    expect(provenance).toMatchObject({
      writtenBy: version,
      suite: { name: 'sim-ablation', digest: results.suite.digest },
      cellForgeVersions: [version],
      cellsWithoutVersion: 0,
      simulated: true,
    });
    expect(provenance.settings).toContainEqual({ name: 'seeds', value: '[0,1]' });
    expect(Date.parse(provenance.resultsUpTo)).toBeGreaterThan(Date.now() - 3_600_000);
    expect(readFileSync(join(dir, 'tables.md'), 'utf8')).toContain(
      `## How these tables were made\n\nWritten by Forge ${version} from suite sim-ablation (config digest ${results.suite.digest}); cells run by Forge ${version}; results up to ${provenance.resultsUpTo}.`,
    );
    // Every cell is an ordinary run directory.
    for (const cell of results.cells) {
      for (const file of ['forge.db', 'config.json', 'result.json', 'report.html'])
        expect(existsSync(join(dir, cell.runDir, file)), `${cell.id}: ${file}`).toBe(true);
    }
    expect(resultsOf(dir)).toEqual(results);
    const main = readFileSync(join(dir, 'tables', 'main-sim-task-sim-optimizer.md'), 'utf8');
    expect(main).toContain(
      '| Benchmark | Test n | Baseline | Prompt search | Random synthesis | Failure memory | Forge |',
    );
    expect(main).toContain('| Date normalisation (simulated) |');
    expect(main).toContain('Simulated models');
    const ablation = readFileSync(
      join(dir, 'tables', 'ablation-sim-task-sim-optimizer.csv'),
      'utf8',
    );
    expect(ablation.split('\n')[0]).toBe(
      'Variant,Prompt search,Synthesis,Failure memory,Mutation guidance,Score,Score sd,Score n,Score per seed,Score ci low,Score ci high,Score p,Score pairs,Δ,Models',
    );
    // Both seeds' scores, their spread, its interval (the first row is tested against nothing),
    // and the simulated label on every row; the next row's Δ tested against it.
    expect(ablation.split('\n')[1]).toMatch(
      /^Baseline,,,,,\d+\.\d\d,\d+\.\d\d,2,0:\d+\.\d\d;1:\d+\.\d\d,\d+\.\d\d,\d+\.\d\d,,,,simulated$/,
    );
    expect(ablation.split('\n')[2]).toMatch(/,[\d.e-]+,80,[+\-±]\d+\.\d\d,simulated$/);
    expect(main).toMatch(
      /\| Date normalisation \(simulated\) \| \d+ \| \d+\.\d\d ± \d+\.\d\d(\\\*)? \|/,
    );
    expect(results.summary?.filter((entry) => entry.n === 2)).toHaveLength(5);
    // Tokens billed per cell, from each run's database; the details table shows them.
    for (const cell of results.cells) expect(cell.tokens?.input, cell.id).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'tables', 'details-sim.csv'), 'utf8').split('\n')[0]).toContain(
      'Total USD,Input tokens,Output tokens,Models',
    );
    expect(ablation.split('\n')).toHaveLength(7);
    expect(readFileSync(join(dir, 'tables', 'details-sim.csv'), 'utf8').split('\n')).toHaveLength(
      12,
    );
    expect(existsSync(join(dir, 'tables.md'))).toBe(true);
    // The suite report links every cell's own report.
    const report = readFileSync(join(dir, 'report.html'), 'utf8');
    for (const cell of results.cells)
      expect(report).toContain(`<a href="${cell.runDir}/report.html">`);
    const plan = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8'));
    expect(plan.cells[1]).toMatchObject({ method: 'baseline', role: 'control', dependsOn: [] });
    // Progress: which cell, done / left, spend.
    const lastStart = events.filter((event) => event.type === 'cell-start').at(-1);
    expect(lastStart).toMatchObject({ position: 10, done: 9, left: 1 });
    expect(
      events.some((event) => event.type === 'cell-progress' && event.event.type === 'step-end'),
    ).toBe(true);
  }, 120_000);

  it('never runs a finished cell again on --resume', async () => {
    const { dir, results } = await fullSuite();
    const again = await runSuite(undefined, { dir, resume: true });
    expect(again.ran).toEqual([]);
    expect(again.results).toEqual(results);
  }, 60_000);

  it('stops part-way on request and resumes to the results of an uninterrupted suite', async () => {
    const { results } = await fullSuite();
    const dir = join(root, 'stopped');
    const controller = new AbortController();
    const first = await runSuite(config, {
      dir,
      stopSignal: controller.signal,
      onEvent: (event) => {
        if (
          event.type === 'cell-progress' &&
          event.cell.method === 'random-synthesis' &&
          event.event.type === 'step-end' &&
          event.event.step === 4
        )
          controller.abort();
      },
    });
    expect(first.stopped).toBe(true);
    const cut = first.results.cells.find(
      (cell) => cell.id === 'sim/random-synthesis/sim-task/sim-optimizer/seed-0',
    );
    expect(cut?.status).toBe('pending');
    const resumed = await runSuite(undefined, { dir, resume: true });
    expect(resumed.ran[0]).toBe('sim/random-synthesis/sim-task/sim-optimizer/seed-0');
    expect(resumed.ran).not.toContain('sim/forge/sim-task/sim-optimizer/seed-0');
    expect(resumed.results).toEqual(results);
  }, 120_000);

  it('resumes from its saved config with model limits intact (token limits are not credentials)', async () => {
    const dir = join(root, 'limits');
    const limited: SuiteConfigInput = {
      ...config,
      methods: ['baseline', 'forge'],
      seeds: [0],
      taskModels: [{ model: 'sim:task', maxOutputTokens: 8192, tokensPerMinute: 1_000_000 }],
      budget: { maxEvaluations: 100_000, maxOptimizerTokens: 10_000_000 },
    };
    const first = await runSuite(limited, { dir, only: 'method=baseline' });
    expect(first.ran).toEqual(['sim/baseline/sim-task/sim-optimizer/seed-0']);
    const saved = JSON.parse(readFileSync(join(dir, 'suite.json'), 'utf8'));
    expect(saved.config.taskModels[0].maxOutputTokens).toBe(8192);
    const rest = await runSuite(undefined, { dir, resume: true });
    expect(rest.ran).toEqual(['sim/forge/sim-task/sim-optimizer/seed-0']);
  }, 60_000);

  it('runs part of a suite with --only, adding the reference the chosen cells need', async () => {
    const result = await runSuite(config, {
      dir: join(root, 'only'),
      only: 'method=prompt-search,seed=1',
    });
    expect(result.ran).toEqual([
      'sim/forge/sim-task/sim-optimizer/seed-1',
      'sim/prompt-search/sim-task/sim-optimizer/seed-1',
    ]);
    const counts = result.results.cells.map((cell) => cell.status);
    expect(counts.filter((status) => status === 'done')).toHaveLength(2);
    expect(counts.filter((status) => status === 'pending')).toHaveLength(8);
    // Entries over the seeds done so far say they are partial; the others stay empty.
    const main = readFileSync(
      join(root, 'only', 'tables', 'main-sim-task-sim-optimizer.md'),
      'utf8',
    );
    expect(main).toMatch(
      /\| Date normalisation \(simulated\) \| \d+ \| – \| \d+\.\d\d \(1 of 2 seeds, partial\)(\\\*)? \| – \| – \| \d+\.\d\d \(1 of 2 seeds, partial\) \|/,
    );
  }, 60_000);

  it('regenerates the tables and the report from results.json alone (forge suite report)', async () => {
    const { dir } = await fullSuite();
    const tablesFile = join(dir, 'tables.md');
    const before = readFileSync(tablesFile, 'utf8');
    rmSync(join(dir, 'report.html'));
    writeFileSync(tablesFile, 'stale');
    const regenerated = reportSuite(dir);
    expect(readFileSync(tablesFile, 'utf8')).toBe(before);
    expect(existsSync(join(dir, 'report.html'))).toBe(true);
    expect(regenerated.files).toContain('report.html');
    expect(regenerated.results).toEqual(resultsOf(dir));
    expect(() => reportSuite(join(root, 'no-suite-here'))).toThrow(/holds no suite/);
  }, 60_000);

  it('exports every cell and test instance for a paper, field by field as results.json has them (forge suite export)', async () => {
    const { dir } = await fullSuite();
    const results = resultsOf(dir);
    const document = JSON.parse(exportSuite(dir, { format: 'json' }).text) as SuiteExportDocument;
    expect(document.schemaVersion).toBe(1);
    expect(document.provenance.suite).toEqual(results.suite);
    expect(document.provenance.simulated).toBe(true);
    expect(document.cells.map((cell) => cell.cell)).toEqual(results.cells.map((cell) => cell.id));
    for (const [index, cell] of results.cells.entries()) {
      const row = document.cells[index];
      expect(row, cell.id).toMatchObject({
        suite: results.suite.name,
        benchmark: cell.benchmark,
        method: cell.method,
        profile: null,
        arm: cell.arm,
        taskModel: cell.taskModel,
        optimizerModel: cell.optimizerModel,
        seed: cell.seed,
        status: cell.status,
        stopReason: cell.stopReason ?? null,
        error: cell.error ?? null,
        ceiling: cell.ceiling,
        maxEvaluations: cell.maxEvaluations,
        evaluationsUsed: cell.evaluationsUsed,
        exceededCeiling: cell.exceededCeiling,
        seedValidation: cell.seedValidation,
        bestValidation: cell.bestValidation,
        seedTest: cell.seedTest,
        bestTest: cell.bestTest,
        costUsd: cell.costUsd,
        optimizerCostUsd: cell.optimizerCostUsd,
        inputTokens: cell.tokens?.input ?? null,
        outputTokens: cell.tokens?.output ?? null,
        extraTraining: cell.extraTraining ?? null,
        synthesisEvents: cell.synthesis?.events ?? null,
        synthesisAttempts: cell.synthesis?.attempts ?? null,
        synthesisAdmitted: cell.synthesis?.admitted ?? null,
        forgeVersion: cell.versions?.['@forge/sdk'] ?? null,
        versions: cell.versions ?? {},
        simulated: cell.simulated,
        notes: cell.notes ?? [],
      });
      // From the run's database: usage by role adds up to results.json's totals; a wall time;
      // the test instances whose mean is the cell's bestTest.
      const roles = Object.values(row?.usageByRole ?? {});
      expect(roles.reduce((sum, role) => sum + role.inputTokens, 0)).toBe(cell.tokens?.input);
      expect(roles.reduce((sum, role) => sum + role.outputTokens, 0)).toBe(cell.tokens?.output);
      expect(roles.reduce((sum, role) => sum + role.costUsd, 0)).toBeCloseTo(cell.costUsd ?? 0, 9);
      expect(row?.wallTimeSeconds).toBeGreaterThan(0);
      const scores = document.instances
        .filter((instance) => instance.cell === cell.id)
        .map((instance) => instance.score);
      expect(scores).toHaveLength(row?.testInstances ?? -1);
      expect(scores.reduce((sum, score) => sum + score, 0) / scores.length).toBeCloseTo(
        cell.bestTest ?? -1,
        12,
      );
    }
    // The CSVs say the same as the JSON, column by column.
    const cellsCsv = parseCsv(exportSuite(dir, { format: 'csv', table: 'cells' }).text);
    const header = cellsCsv[0] ?? [];
    for (const [index, row] of cellsCsv.slice(1).entries()) {
      const cell = document.cells[index] as unknown as Record<string, unknown>;
      for (const column of [
        'cell',
        'seed',
        'status',
        'ceiling',
        'evaluationsUsed',
        'bestTest',
        'costUsd',
        'wallTimeSeconds',
        'forgeVersion',
        'simulated',
      ])
        expect(row[header.indexOf(column)], `${column} of ${cell['cell']}`).toBe(
          cell[column] === null ? '' : String(cell[column]),
        );
      const task = (cell['usageByRole'] as Record<string, { inputTokens: number }>)['task'];
      expect(row[header.indexOf('usage.task.inputTokens')]).toBe(String(task?.inputTokens));
    }
    const instances = parseCsv(exportSuite(dir, { format: 'csv' }).text);
    expect(instances[0]).toEqual([
      'suite',
      'cell',
      'benchmark',
      'method',
      'profile',
      'arm',
      'taskModel',
      'optimizerModel',
      'seed',
      'instance',
      'score',
      'repeats',
      'status',
    ]);
    expect(instances.slice(1).map((row) => [row[1], row[9], Number(row[10])])).toEqual(
      document.instances.map((row) => [row.cell, row.instance, row.score]),
    );
    // Every main-table entry, with its interval and its paired test against Forge.
    const entries = parseCsv(exportSuite(dir, { format: 'csv', table: 'entries' }).text);
    const baseline = document.entries.find(
      (entry) =>
        entry.table.startsWith('main-') && entry.column === 'Baseline' && entry.row !== 'Aggregate',
    );
    expect(baseline).toMatchObject({ n: 2, of: 2, against: 'forge', ciSeeds: 2 });
    expect(entries.length - 1).toBe(document.entries.length);
    // LaTeX: the paper's shapes, with the version that wrote them.
    const latex = exportSuite(dir, { format: 'latex' }).text;
    expect(latex).toContain('\\begin{tabular}{lrrrrrr}');
    expect(latex).toContain(`Written by Forge ${document.provenance.writtenBy}`);
    // Written to a file on request; a bad format or table is the user's error.
    const out = join(root, 'export.json');
    expect(exportSuite(dir, { format: 'json', out }).file).toBe(out);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(document);
    expect(() => exportSuite(dir, { format: 'xml' as 'json' })).toThrow(
      /format: "xml" is not one of csv, json, latex/,
    );
    expect(() => exportSuite(dir, { format: 'json', table: 'cells' })).toThrow(/only a CSV export/);
  }, 60_000);

  it('merges two shards into exactly the unsharded results', async () => {
    const { results } = await fullSuite();
    const shards = [join(root, 'shard-1'), join(root, 'shard-2')];
    const first = await runSuite(config, { dir: shards[0] as string, shard: '1/2' });
    const second = await runSuite(config, { dir: shards[1] as string, shard: '2/2' });
    expect(first.ran).toHaveLength(5);
    expect(second.ran).toHaveLength(5);
    expect(first.ran.every((id) => id.endsWith('seed-0'))).toBe(true);
    const merged = await mergeSuites(shards, { dir: join(root, 'merged') });
    expect(merged.results).toEqual(results);
    expect(resultsOf(join(root, 'merged'))).toEqual(results);
    expect(Object.keys(merged.copied)).toHaveLength(10);
    expect(
      existsSync(join(root, 'merged', 'cells/sim/forge/sim-task/sim-optimizer/seed-1/report.html')),
    ).toBe(true);
    // The same tables, statistics included; only the provenance's date differs (other runs).
    const tablesOf = (suite: string) => {
      const text = readFileSync(join(root, suite, 'tables.md'), 'utf8');
      const [tables = '', provenance = ''] = text.split('## How these tables were made');
      return {
        tables,
        provenance: provenance.replace(/results up to [^;.]*\.\d+Z/, 'results up to …'),
      };
    };
    expect(tablesOf('merged')).toEqual(tablesOf('full'));
    expect(tablesOf('merged').tables).toContain('95% confidence intervals');
    // A shard's results.json naming a cell directory outside the shard is refused, copying
    // nothing: a shard may come from anyone.
    const shardResults = join(shards[0] as string, 'results.json');
    const tampered = JSON.parse(readFileSync(shardResults, 'utf8'));
    tampered.cells[0].runDir = '../../outside';
    writeFileSync(shardResults, JSON.stringify(tampered));
    await expect(mergeSuites(shards, { dir: join(root, 'merged-tampered') })).rejects.toThrow(
      `names the run directory "../../outside", not cells/`,
    );
    expect(existsSync(join(root, 'merged-tampered'))).toBe(false);
  }, 120_000);
});

describe('the transfer study on the simulated world', () => {
  it('runs each method on the original and the augmented split under one ceiling, and exports both GRPO arms', async () => {
    const dir = join(root, 'transfer');
    const result = await runSuite(
      {
        ...config,
        methods: ['forge', 'prompt-search'],
        seeds: [0],
        transfer: { methods: ['prompt-search'] },
      },
      { dir },
    );
    const cell = (id: string) => result.results.cells.find((candidate) => candidate.id === id);
    const forge = cell('sim/forge/sim-task/sim-optimizer/seed-0');
    const original = cell('sim/prompt-search/sim-task/sim-optimizer/seed-0');
    const augmented = cell('sim/prompt-search/sim-task/sim-optimizer/seed-0/augmented');
    expect(result.results.cells).toHaveLength(3);
    expect(augmented).toMatchObject({
      status: 'done',
      arm: 'augmented',
      ceiling: forge?.evaluationsUsed,
    });
    expect(original?.ceiling).toBe(forge?.evaluationsUsed);
    expect(augmented?.extraTraining).toBe(forge?.synthesis?.admitted);
    const table = readFileSync(
      join(dir, 'tables', 'transfer-sim-task-sim-optimizer.csv'),
      'utf8',
    ).split('\n');
    expect(table[0]).toBe(
      'Benchmark,Training data,Prompt search,Prompt search ci low,Prompt search ci high,Prompt search p,Prompt search pairs,Models',
    );
    const percent = (value: number | null | undefined) => ((value ?? 0) * 100).toFixed(2);
    // Each arm with its interval; the augmented arm tested against the original over 40 pairs.
    expect(table[1]).toMatch(
      new RegExp(
        `^Date normalisation \\(simulated\\),Original,${percent(original?.bestTest)},\\d+\\.\\d\\d,\\d+\\.\\d\\d,,,simulated$`,
      ),
    );
    expect(table[2]).toMatch(
      new RegExp(
        `^,\\+ Forge data,${percent(augmented?.bestTest)},\\d+\\.\\d\\d,\\d+\\.\\d\\d,[\\d.e-]+,40,simulated$`,
      ),
    );
    expect(table[3]).toMatch(/^,Δ,[+\-±]\d+\.\d\d,,,,,simulated$/);
    const grpo = join(dir, 'grpo', 'sim/sim-task/sim-optimizer/seed-0');
    const lines = (name: string) => readFileSync(join(grpo, name), 'utf8').trim().split('\n');
    const reward = JSON.parse(readFileSync(join(grpo, 'reward.json'), 'utf8'));
    expect(lines('train_only.jsonl')).toHaveLength(30);
    expect(lines('train_plus_synthetic.jsonl')).toHaveLength(
      30 + (forge?.synthesis?.admitted ?? 0),
    );
    expect(lines('test.jsonl')).toHaveLength(40);
    expect(reward.counts).toMatchObject({ train_only: 30, synthetic: forge?.synthesis?.admitted });
    expect(reward.note).toContain('Forge runs no GRPO training');
    // The source finished on its own terms: exported plainly, and grpo/export.json says so.
    expect(reward.source).toEqual({ cell: forge?.id, status: 'done', truncated: false });
    expect(JSON.parse(readFileSync(join(dir, 'grpo', 'export.json'), 'utf8')).rows).toEqual([
      { row: 'sim/sim-task/sim-optimizer/seed-0', source: forge?.id, outcome: 'exported' },
    ]);
    expect(result.notes).toEqual([]);
    expect(
      reward.reward.primary.goldColumns.map((column: { name: string }) => column.name),
    ).toEqual(['date']);
    const row = JSON.parse(lines('train_plus_synthetic.jsonl').at(-1) ?? '{}');
    expect(typeof row.prompt).toBe('string');
    expect(row.instance_id).toMatch(/^syn-/);
    expect(row.date).toMatch(/^\d{4}-\d\d-\d\d$/);

    // A trainer's results dropped in as grpo/results.json (docs/suite-export.md): Table 4 gets
    // its training column, the report Figure 4, the export the file.
    const curve = (end: number) => [
      { step: 0, validation: 0.3, test: 0.3 },
      { step: 100, validation: end, test: end },
    ];
    const grpoFile = {
      formatVersion: 1,
      trainer: 'a simulated trainer',
      rows: [
        {
          benchmark: 'sim',
          taskModel: 'sim:task',
          optimizerModel: 'sim:optimizer',
          seed: 0,
          steps: 100,
          arms: {
            train_only: [{ seed: 42, test: 0.5, curve: curve(0.5) }],
            train_plus_synthetic: [{ seed: 42, test: 0.625, curve: curve(0.625) }],
          },
        },
      ],
    };
    const grpoPath = join(dir, 'grpo', 'results.json');
    writeFileSync(grpoPath, JSON.stringify(grpoFile, null, 2));
    reportSuite(dir);
    const withGrpo = readFileSync(
      join(dir, 'tables', 'transfer-sim-task-sim-optimizer.csv'),
      'utf8',
    ).split('\n');
    expect(withGrpo[0]).toBe(
      'Benchmark,Training data,Prompt search,Prompt search ci low,Prompt search ci high,Prompt search p,Prompt search pairs,GRPO,Models',
    );
    expect(withGrpo[1]?.endsWith(',50.00,simulated')).toBe(true);
    expect(withGrpo[2]?.endsWith(',62.50,simulated')).toBe(true);
    expect(withGrpo[3]?.endsWith(',+12.50,simulated')).toBe(true);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('data-chart="suite-grpo"');
    const exported = JSON.parse(exportSuite(dir, { format: 'json' }).text) as SuiteExportDocument;
    expect(exported.grpo).toEqual(grpoFile);
    expect(
      exported.entries.filter((entry) => entry.column === 'GRPO').map((entry) => entry.mean),
    ).toEqual([50, 62.5]);
    // A file that is not the format, or names a row the suite does not have, is the user's to
    // fix: file, line and field; the tables are left as they were.
    writeFileSync(
      grpoPath,
      JSON.stringify({ ...grpoFile, rows: [{ ...grpoFile.rows[0], seed: 3 }] }, null, 2),
    );
    expect(() => reportSuite(dir)).toThrow(
      /grpo\/results\.json, line 9, field "rows\.0\.seed": 3 is not a seed of the suite \(0\)/,
    );
    const elsewhere = join(root, 'grpo-elsewhere.json');
    writeFileSync(elsewhere, '{ "formatVersion": 1, "rows": [ { "benchmark": "sim" } ] }');
    expect(() => reportSuite(dir, { grpo: elsewhere })).toThrow(
      /grpo-elsewhere\.json, line 1, field "rows\.0\.taskModel": required field is missing/,
    );
    expect(withGrpo.join('\n')).toBe(
      readFileSync(join(dir, 'tables', 'transfer-sim-task-sim-optimizer.csv'), 'utf8'),
    );
    // Never through a link: a received suite directory's grpo/results.json may point anywhere.
    rmSync(grpoPath);
    symlinkSync(elsewhere, grpoPath);
    expect(() => reportSuite(dir)).toThrow(/results\.json: is reached through a symbolic link/);
  }, 120_000);
});

describe('suite alignment is recorded, never assumed', () => {
  it('flags a method that spends more than its ceiling', async () => {
    const greedy: Method = {
      id: 'overspends',
      title: 'Overspends',
      description: 'Test method: reports five evaluations more than it was allowed.',
      roles: [],
      async run(context) {
        return {
          stopReason: 'done',
          seedCandidate: context.seedCandidate,
          bestCandidate: context.seedCandidate,
          bestCandidateIndex: 0,
          seedValidation: 0,
          bestValidation: 0,
          evaluationsUsed: context.budget.maxEvaluations + 5,
          steps: 0,
          candidates: 1,
          usage: {},
          history: [],
        };
      },
    };
    registerMethod(greedy);
    const dir = join(root, 'greedy');
    const result = await runSuite(
      { ...config, methods: ['forge', 'overspends'], seeds: [0], evaluateTest: false },
      { dir },
    );
    const forge = result.results.cells[0];
    expect(result.results.cells[1]).toMatchObject({
      method: 'overspends',
      ceiling: forge?.evaluationsUsed,
      evaluationsUsed: (forge?.evaluationsUsed ?? 0) + 5,
      exceededCeiling: true,
      bestTest: null,
    });
    expect(readFileSync(join(dir, 'tables', 'details-sim.csv'), 'utf8')).toContain('EXCEEDED');
    expect(readFileSync(join(dir, 'tables', 'main-sim-task-sim-optimizer.md'), 'utf8')).toContain(
      '†',
    );
  }, 60_000);
});

describe('suite estimates and errors', () => {
  it('estimates the whole suite before anything is spent', async () => {
    const estimate = await estimateSuite(config);
    expect(estimate.cells).toHaveLength(10);
    expect(estimate.roles.find((role) => role.role === 'task')?.calls).toBeGreaterThan(0);
    expect(
      estimate.assumptions.some((line) => line.includes('6 aligned cell(s) counted at the suite')),
    ).toBe(true);
    const part = await estimateSuite(config, { only: 'method=baseline' });
    expect(part.cells.map((cell) => cell.cell.method)).toEqual(['baseline', 'baseline']);
    expect(part.evaluations).toBe(40);
  });

  it('names the file, line and field of a bad suite config, before creating anything', async () => {
    const file = join(root, 'bad-suite.yaml');
    writeFileSync(
      file,
      [
        'benchmarks: [sim]',
        'methods:',
        '  - forge',
        '  - no-such-method',
        'taskModels: [sim:task]',
        'optimizerModels: [sim:optimizer]',
        'budget: { maxEvaluations: 100 }',
        '',
      ].join('\n'),
    );
    const raw = await readConfigFile(file);
    const dir = join(root, 'never');
    const error = await runSuite(raw.value as SuiteConfigInput, {
      dir,
      configFile: file,
      configLineOf: raw.lineOf,
    }).catch((thrown: unknown) => thrown);
    expect(ConfigError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ file, line: 4, field: 'methods.1' });
    expect(existsSync(dir)).toBe(false);
    await expect(runSuite({ ...config, methods: ['prompt-search'] }, { dir })).rejects.toThrow(
      /field "methods": B.4 alignment runs "forge" first/,
    );
    await expect(runSuite({ ...config, budget: { maxEvaluations: 10 } }, { dir })).rejects.toThrow(
      /field "budget.maxEvaluations": must be at least sim's validation size \(20\)/,
    );
    await expect(runSuite(config, { dir, only: 'colour=red' })).rejects.toThrow(/field "only"/);
  });

  it('refuses to start over a suite, and to resume one with another config', async () => {
    const { dir } = await fullSuite();
    await expect(runSuite(config, { dir })).rejects.toThrow(
      /already holds a suite; continue it with --resume/,
    );
    await expect(runSuite({ ...config, seeds: [0] }, { dir, resume: true })).rejects.toThrow(
      /differs from the config .* was started with/,
    );
  });
});
