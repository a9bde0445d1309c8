import { describe, expect, it } from 'vitest';
import {
  doneResult,
  smallSpec,
  solvedFirst,
  statisticsFixture,
} from './__fixtures__/cell-results.js';
import { ablationTable } from './ablation-table.js';
import { detailsTable } from './details-table.js';
import { mainTable } from './main-table.js';
import { planSuite } from './plan-suite.js';
import type { SeedSpread } from './seed-spread.js';
import type { SuiteCellResult } from './suite-cell-result.js';
import { collectSuiteResults } from './suite-results.js';
import type { SuiteSpec } from './suite-spec.js';
import { renderCsvTable, renderMarkdownTable } from './suite-table.js';
import { renderSuiteMarkdown, suiteTables } from './suite-tables.js';
import { tableEntries } from './table-entries.js';
import { transferTable } from './transfer-table.js';

const tests: Record<string, number> = {
  'alpha/baseline': 0.5,
  'alpha/prompt-search': 0.6,
  'alpha/forge': 0.75,
  'beta/baseline': 0.3,
  'beta/prompt-search': 0.45,
  'beta/forge': 0.4,
};

function results(spec: SuiteSpec, scores: Record<string, number>, skip: readonly string[] = []) {
  const plan = planSuite(spec);
  const cells = new Map<string, SuiteCellResult>();
  for (const cell of plan.cells) {
    const key = `${cell.benchmark}/${cell.method}${cell.arm === 'augmented' ? '+' : ''}${spec.seeds.length > 1 ? `@${cell.seed}` : ''}`;
    const score = scores[key];
    if (score === undefined || skip.includes(cell.id)) continue;
    cells.set(
      cell.id,
      doneResult(cell, {
        bestTest: score,
        evaluationsUsed: 100,
        ceiling: cell.role === 'aligned' ? 100 : null,
      }),
    );
  }
  return collectSuiteResults({
    plan,
    name: 'test',
    digest: 'd',
    results: cells,
    runDirOf: (cell) => `cells/${cell.id}`,
  });
}

const labels = {
  methods: { baseline: 'Baseline', 'prompt-search': 'Prompt search', forge: 'Forge' },
  benchmarks: { alpha: 'Alpha' },
};

describe('mainTable (Table 1/3 shape)', () => {
  it('writes per-benchmark test scores, Aggregate, Improvement, and bolds each row best', () => {
    const table = mainTable({
      cells: results(smallSpec, tests).cells,
      spec: smallSpec,
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
      labels,
    });
    expect(table.id).toBe('main-sim-task-sim-optimizer');
    expect(renderMarkdownTable(table)).toBe(
      [
        '### Test performance (%) — task sim:task, optimizer sim:optimizer',
        '',
        'Test score (%) of the candidate each method selected on validation; Aggregate averages the 2 benchmark(s); Improvement is relative to Baseline.  ',
        '',
        '| Benchmark | Baseline | Prompt search | Forge |',
        '| --- | ---: | ---: | ---: |',
        '| Alpha | 50.00 | 60.00 | **75.00** |',
        '| beta | 30.00 | **45.00** | 40.00 |',
        '| Aggregate | 40.00 | 52.50 | **57.50** |',
        '| Improvement | – | +12.50 | +17.50 |',
        '',
      ].join('\n'),
    );
    expect(renderCsvTable(table)).toBe(
      'Benchmark,Baseline,Prompt search,Forge\nAlpha,50.00,60.00,75.00\nbeta,30.00,45.00,40.00\nAggregate,40.00,52.50,57.50\nImprovement,,+12.50,+17.50\n',
    );
  });

  it('gives mean ± sd over seeds with n, keeps partial entries marked, and writes every seed to CSV', async () => {
    const spec = { ...smallSpec, seeds: [0, 1] };
    const scores = Object.fromEntries(
      Object.entries(tests).flatMap(([key, value]) => [
        [`${key}@0`, value],
        [`${key}@1`, value - 0.1],
      ]),
    );
    const table = mainTable({
      cells: results(spec, scores, ['beta/forge/sim-task/sim-optimizer/seed-1']).cells,
      spec,
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
    });
    const markdown = renderMarkdownTable(table);
    // alpha/baseline: 50 and 40 → 45 ± 7.07; beta/forge has seed 0 only.
    expect(markdown).toContain('| alpha | 45.00 ± 7.07 | 55.00 ± 7.07 | **70.00 ± 7.07** |');
    expect(markdown).toContain(
      '| beta | 25.00 ± 7.07 | **40.00 ± 7.07** | 40.00 (1 of 2 seeds, partial) |',
    );
    // Aggregates average the benchmarks per seed: Forge has only seed 0 complete, (75 + 40) / 2.
    expect(markdown).toContain(
      '| Aggregate | 35.00 ± 7.07 | **47.50 ± 7.07** | 57.50 (1 of 2 seeds, partial) |',
    );
    expect(markdown).toContain('| Improvement | – | +12.50 | +22.50 (partial) |');
    expect(table.notes).toContain(
      'Each entry is mean ± sample standard deviation over n = 2 seeds (0, 1); Aggregate averages the benchmarks per seed first. Per-seed values: the CSV and results.json.',
    );
    expect(table.notes.some((note) => note.startsWith('1 cell(s) not done'))).toBe(true);
    const csv = renderCsvTable(table).split('\n');
    expect(csv[0]).toBe(
      'Benchmark,baseline,baseline sd,baseline n,baseline per seed,prompt-search,prompt-search sd,prompt-search n,prompt-search per seed,forge,forge sd,forge n,forge per seed',
    );
    expect(csv[2]).toBe(
      'beta,25.00,7.07,2,0:30.00;1:20.00,40.00,7.07,2,0:45.00;1:35.00,40.00,,1,0:40.00;1:–',
    );
    expect(csv[4]).toBe('Improvement,,,,,+12.50,,,,+22.50 (partial),,,');
  });

  it('adds test-set sizes, 95% intervals and paired tests against Forge from per-instance scores', () => {
    const document = results(smallSpec, tests);
    // alpha: 40 instances; beta: 20. Each method solves the first bestTest × n of them, so
    // a method that solves fewer than Forge differs from it on the rest.
    const sizes: Record<string, number> = { alpha: 40, beta: 20 };
    const instanceScores = Object.fromEntries(
      document.cells.map((cell) => {
        const size = sizes[cell.benchmark] as number;
        return [cell.id, solvedFirst(Math.round((cell.bestTest as number) * size), size)];
      }),
    );
    const table = mainTable({
      cells: document.cells,
      spec: smallSpec,
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
      labels,
      instanceScores,
    });
    const markdown = renderMarkdownTable(table);
    // Python's itertools.product: alpha baseline −10 of 40 pairs → 2 of 1024; prompt-search
    // −6 → 2 of 64; beta baseline −2 → 2 of 4, prompt-search +1 → 1. Aggregates weigh alpha's
    // pairs 1/80 and beta's 1/40: baseline 2 of 4096, prompt-search 46 of 128.
    expect(markdown).toContain('| Benchmark | Test n | Baseline | Prompt search | Forge |');
    expect(markdown).toContain('| Alpha | 40 | 50.00\\* | 60.00\\* | **75.00** |');
    expect(markdown).toContain('| beta | 20 | 30.00 | **45.00** | 40.00 |');
    expect(markdown).toContain('| Aggregate | – | 40.00\\* | 52.50 | **57.50** |');
    expect(markdown).toContain('| Improvement | – | – | +12.50 | +17.50 |');
    const pValues = table.rows.map((row) =>
      row.values.slice(2).map((value) => (value as SeedSpread | null)?.comparison?.pValue),
    );
    expect(pValues.slice(0, 3)).toEqual([
      [2 / 1024, 2 / 64, undefined],
      [2 / 4, 1, undefined],
      [2 / 4096, 46 / 128, undefined],
    ]);
    expect(
      table.notes.some((note) => note.startsWith('95% confidence intervals: percentile bootstrap')),
    ).toBe(true);
    expect(table.notes).toContainEqual(
      expect.stringMatching(
        /^\* p < 0\.05 against Forge: two-sided paired sign-flip permutation test/,
      ),
    );
    const csv = renderCsvTable(table).split('\n');
    expect(csv[0]).toBe(
      'Benchmark,Test n,Baseline,Baseline ci low,Baseline ci high,Baseline p,Baseline pairs,Prompt search,Prompt search ci low,Prompt search ci high,Prompt search p,Prompt search pairs,Forge,Forge ci low,Forge ci high',
    );
    const alpha = csv[1]?.split(',') ?? [];
    expect(alpha.slice(0, 3)).toEqual(['Alpha', '40', '50.00']);
    expect(alpha.slice(5, 7)).toEqual(['0.001953', '40']);
    // Every interval holds its entry's mean.
    for (const row of table.rows.slice(0, 3)) {
      for (const value of row.values.slice(2) as (SeedSpread | null)[]) {
        expect(value?.interval?.low).toBeLessThanOrEqual(value?.mean ?? 0);
        expect(value?.interval?.high).toBeGreaterThanOrEqual(value?.mean ?? 0);
      }
    }
  });

  it('marks a benchmark where a method exceeded its ceiling', () => {
    const document = results(smallSpec, tests);
    const cells = document.cells.map((cell) =>
      cell.id.startsWith('beta/prompt-search')
        ? { ...cell, evaluationsUsed: 120, exceededCeiling: true }
        : cell,
    );
    const table = mainTable({
      cells,
      spec: smallSpec,
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
    });
    expect(table.rows[1]?.values[0]).toBe('beta †');
    expect(table.notes.at(-1)).toContain('exceeded its B.4 evaluation ceiling');
    expect(renderCsvTable(detailsTable({ cells, benchmark: 'beta' }))).toContain(',EXCEEDED,');
  });

  it('marks a cell a cap stopped, and the cells run on its count (flagged) or refused', () => {
    const document = results(smallSpec, tests);
    const stop = {
      by: 'cost-cap' as const,
      limit: 200,
      at: { evaluations: 119, costUsd: 201.3, optimizerCostUsd: 200.1 },
    };
    const reference = 'alpha/forge/sim-task/sim-optimizer/seed-0';
    const stopped = document.cells.map((cell) =>
      cell.id === reference ? { ...cell, status: 'stopped' as const, stop } : cell,
    );
    const options = { spec: smallSpec, taskModel: 'sim:task', optimizerModel: 'sim:optimizer' };
    // Allowed: the dependant ran on the truncated count and is flagged.
    const flagged = stopped.map((cell) =>
      cell.id.startsWith('alpha/prompt-search')
        ? { ...cell, stoppedDependencies: [reference] }
        : cell,
    );
    const main = mainTable({ ...options, cells: flagged, labels });
    expect(main.rows[0]?.values[0]).toBe('Alpha ‡ §');
    // A stopped cell's scores count (marked), exactly as a done cell's would, in the entries and
    // their statistics too.
    const finished = mainTable({ ...options, cells: document.cells, labels });
    expect(main.rows[0]?.values.slice(1)).toEqual(finished.rows[0]?.values.slice(1));
    expect(main.rows[0]?.values[1]).not.toBeNull();
    expect(tableEntries([main]).map(({ row, ...entry }) => entry)).toEqual(
      tableEntries([finished]).map(({ row, ...entry }) => entry),
    );
    expect(main.rows[1]?.values[0]).toBe('beta');
    expect(main.notes).toContain(
      "‡ Forge on Alpha, seed 0 did not finish: stopped by the optimizer cost cap ($200) at 119 evaluations, $201.30 spent; its scores are a truncated run's.",
    );
    expect(main.notes).toContain(
      `§ Prompt search on Alpha, seed 0 ran on the evaluation ceiling (or data) of ${reference}, which a cap stopped short (allowTruncatedCeilings): not a B.4-aligned comparison.`,
    );
    const details = renderCsvTable(detailsTable({ cells: flagged, benchmark: 'alpha', labels }));
    expect(details).toContain(',stopped: optimizer cost cap ($200),');
    expect(details).toContain(',done §,');
    // Refused (the default): no score, and the table says why.
    const refused = stopped.map((cell) =>
      cell.id.startsWith('alpha/prompt-search')
        ? { ...cell, status: 'pending' as const, stoppedDependencies: [reference] }
        : cell,
    );
    const withRefusal = mainTable({ ...options, cells: refused, labels });
    expect(withRefusal.rows[0]?.values[0]).toBe('Alpha ‡');
    expect(withRefusal.rows[0]?.values[2]).toBeNull();
    expect(withRefusal.notes).toContain(
      '1 cell(s) refused, their ceiling (or data) would come from a cell a cap stopped short: Prompt search on Alpha, seed 0. Raise the cap, or set alignment.allowTruncatedCeilings: true to run them flagged.',
    );
    expect(renderCsvTable(detailsTable({ cells: refused, benchmark: 'alpha' }))).toContain(
      ',refused,',
    );
    // Every cell finished on its own terms: no mark, no note.
    expect(mainTable({ ...options, cells: document.cells, labels }).notes.join()).not.toMatch(
      /‡|§/,
    );
  });

  it("says under both tables which method's settings let it exceed its ceiling, once per method", () => {
    const document = results(smallSpec, tests);
    const note = 'it checks the ceiling only at the top of each iteration.';
    const cells = document.cells.map((cell) =>
      cell.method === 'prompt-search' ? { ...cell, ceilingNote: note } : cell,
    );
    const options = { spec: smallSpec, taskModel: 'sim:task', optimizerModel: 'sim:optimizer' };
    const expected = `Prompt search may exceed its ceiling: ${note}`;
    const main = mainTable({ ...options, cells, labels });
    expect(main.notes.filter((line) => line === expected)).toHaveLength(1);
    // Within its ceiling everywhere: said, but no cell flagged.
    expect(main.rows.map((row) => row.values[0])).toEqual([
      'Alpha',
      'beta',
      'Aggregate',
      'Improvement',
    ]);
    expect(detailsTable({ cells, benchmark: 'beta', labels }).notes).toContain(expected);
    expect(mainTable({ ...options, cells: document.cells, labels }).notes).not.toContain(expected);
  });
});

describe('ablationTable (Table 2 shape)', () => {
  const ablation = {
    components: ['Prompt search', 'Failure memory'],
    steps: [
      { method: 'baseline', label: 'Baseline', components: [] },
      { method: 'prompt-search', label: '+ Prompt search', components: ['Prompt search'] },
      {
        method: 'failure-memory',
        label: '+ Failure memory',
        components: ['Prompt search', 'Failure memory'],
      },
      {
        method: 'forge',
        label: '+ Mutation guidance',
        components: ['Prompt search', 'Failure memory'],
      },
    ],
  };
  it('scores the steps that ran, each against the preceding row', () => {
    const table = ablationTable({
      cells: results(smallSpec, tests).cells,
      spec: smallSpec,
      ablation,
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
    });
    // failure-memory did not run: the Forge row's Δ covers Failure memory, and says so.
    expect(
      table?.rows.map((row) => [
        row.values[0],
        row.values[1],
        row.values[2],
        (row.values[3] as { mean: number } | null)?.mean,
        row.values[4],
      ]),
    ).toEqual([
      ['Baseline', '', '', 40, null],
      ['+ Prompt search', '✓', '', 52.5, '+12.50'],
      ['+ Failure memory (forge)', '✓', '✓', 57.5, '+5.00'],
    ]);
    const complete = ablationTable({
      cells: results(
        { ...smallSpec, methods: ['baseline', 'prompt-search', 'failure-memory', 'forge'] },
        { ...tests, 'alpha/failure-memory': 0.7, 'beta/failure-memory': 0.4 },
      ).cells,
      spec: { ...smallSpec, methods: ['baseline', 'prompt-search', 'failure-memory', 'forge'] },
      ablation,
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
    });
    // Every step present: each row keeps its own label.
    expect(complete?.rows.map((row) => row.values[0])).toEqual([
      'Baseline',
      '+ Prompt search',
      '+ Failure memory',
      '+ Mutation guidance',
    ]);
    expect(
      ablationTable({
        cells: [],
        spec: { ...smallSpec, methods: ['forge'] },
        ablation,
        taskModel: 'sim:task',
        optimizerModel: 'sim:optimizer',
      }),
    ).toBeUndefined();
  });
});

describe('statistics in Tables 2 and 4', () => {
  it("tests each ablation row's Δ against the row above, over every benchmark", () => {
    const { results: document, instanceScores, labels: fixtureLabels } = statisticsFixture();
    const table = ablationTable({
      cells: document.cells,
      spec: smallSpec,
      ablation: {
        components: ['Prompt search'],
        steps: [
          { method: 'baseline', label: 'Baseline', components: [] },
          { method: 'prompt-search', label: '+ Prompt search', components: ['Prompt search'] },
          { method: 'forge', label: '+ Synthesis', components: ['Prompt search'] },
        ],
      },
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
      labels: fixtureLabels,
      instanceScores,
    });
    const scores = (table?.rows ?? []).map((row) => row.values[2] as SeedSpread);
    // Python's itertools.product: prompt-search over baseline, alpha +1 on 4 pairs (weight 1/80)
    // and beta +1 on 3 (1/40): 2 of 128 sign assignments; Forge over prompt-search, alpha +1 on
    // 6 and beta −1 on 1: 46 of 128.
    expect(scores.map((score) => score.comparison?.pValue)).toEqual([undefined, 2 / 128, 46 / 128]);
    expect(scores.map((score) => score.comparison?.against)).toEqual([
      undefined,
      'baseline',
      'prompt-search',
    ]);
    expect(scores.every((score) => score.interval?.instances === 60)).toBe(true);
    expect(renderMarkdownTable(table as never)).toContain(
      '| + Prompt search | ✓ | 52.50\\* | +12.50 |',
    );
    expect(table?.notes).toContainEqual(
      expect.stringMatching(/^\* p < 0\.05 against the row above/),
    );
  });

  it("tests Table 4's augmented arm against the same method's original arm", () => {
    const spec: SuiteSpec = {
      ...smallSpec,
      transfer: { benchmarks: ['alpha'], methods: ['prompt-search'], source: 'forge' },
    };
    const document = results(spec, { ...tests, 'alpha/prompt-search+': 0.8 });
    const instanceScores = Object.fromEntries(
      document.cells.flatMap((cell) =>
        cell.bestTest === null ? [] : [[cell.id, solvedFirst(Math.round(cell.bestTest * 40), 40)]],
      ),
    );
    const table = transferTable({
      cells: document.cells,
      spec,
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
      labels,
      instanceScores,
    });
    const [original, augmented] = (table?.rows ?? []).map((row) => row.values[2] as SeedSpread);
    expect(original?.comparison).toBeUndefined();
    // 60 % → 80 %: 8 of 40 pairs move, all one way: 2 of 2^8.
    expect(augmented?.comparison).toEqual({
      against: 'prompt-search',
      againstArm: 'original',
      pValue: 2 / 256,
      pairs: 40,
      method: 'exact',
    });
    expect(original?.interval?.instances).toBe(40);
  });
});

describe('transferTable (Table 4 shape)', () => {
  it('shows both arms and the difference, bolding the better arm', () => {
    const spec: SuiteSpec = {
      ...smallSpec,
      transfer: { benchmarks: ['alpha'], methods: ['prompt-search'], source: 'forge' },
    };
    const table = transferTable({
      cells: results(spec, { ...tests, 'alpha/prompt-search+': 0.7 }).cells,
      spec,
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
      labels,
    });
    expect(renderMarkdownTable(table as never)).toContain(
      ['| Alpha | Original | 60.00 |', '|  | + Forge data | **70.00** |', '|  | Δ | +10.00 |'].join(
        '\n',
      ),
    );
    expect(renderCsvTable(table as never).split('\n')[0]).toBe(
      'Benchmark,Training data,Prompt search',
    );
  });

  it("adds a GRPO result file's training column, said to be run outside Forge", () => {
    const spec: SuiteSpec = {
      ...smallSpec,
      seeds: [0, 1],
      transfer: { benchmarks: ['alpha'], methods: ['prompt-search'], source: 'forge' },
    };
    const run = (test: number) => ({ test });
    const table = transferTable({
      cells: results(spec, {
        'alpha/prompt-search@0': 0.6,
        'alpha/prompt-search@1': 0.6,
        'alpha/prompt-search+@0': 0.7,
        'alpha/prompt-search+@1': 0.7,
      }).cells,
      spec,
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
      labels,
      grpo: {
        formatVersion: 1,
        trainer: 'a trainer',
        rows: [
          {
            benchmark: 'alpha',
            taskModel: 'sim:task',
            optimizerModel: 'sim:optimizer',
            seed: 0,
            // Two trainer runs of the original arm: their mean, 0.55, is seed 0's value.
            arms: { train_only: [run(0.5), run(0.6)], train_plus_synthetic: [run(0.65)] },
          },
        ],
      },
    });
    const markdown = renderMarkdownTable(table as never);
    expect(markdown).toContain('| Benchmark | Training data | Prompt search | GRPO |');
    expect(markdown).toContain(
      [
        '| Alpha | Original | 60.00 ± 0.00 | 55.00 (1 of 2 seeds, partial) |',
        '|  | + Forge data | **70.00 ± 0.00** | **65.00 (1 of 2 seeds, partial)** |',
        '|  | Δ | +10.00 | +10.00 (partial) |',
      ].join('\n'),
    );
    expect(table?.notes).toContainEqual(
      expect.stringMatching(
        /^GRPO: weight optimization of the task model .* run outside Forge .* \(a trainer\)/,
      ),
    );
  });
});

describe('suiteTables', () => {
  it('gives every model pair its tables, every benchmark its details, and says when models are simulated', () => {
    const document = results(smallSpec, tests);
    const tables = suiteTables({ results: document, spec: smallSpec });
    expect(tables.map((table) => table.id)).toEqual([
      'main-sim-task-sim-optimizer',
      'details-alpha',
      'details-beta',
    ]);
    expect(tables.every((table) => table.notes[0]?.startsWith('Simulated models'))).toBe(true);
    const markdown = renderSuiteMarkdown(document, tables);
    expect(
      markdown.startsWith('# Suite test\n\n6 cells: 6 done, 0 failed, 0 pending. Simulated models'),
    ).toBe(true);
    // Every CSV of a simulated suite says so on every row.
    expect(
      renderCsvTable(tables[1] as never)
        .split('\n')
        .slice(0, 2),
    ).toEqual([
      'Method,Task model,Optimizer model,Seed,Training data,Status,Seed val,Best val,Seed test,Best test,Evaluations,Ceiling,Within ceiling,Optimizer USD,Total USD,Input tokens,Output tokens,Models',
      'forge,sim:task,sim:optimizer,0,original,done,20.00,50.00,10.00,75.00,100,,,0.0000,0.0000,,,simulated',
    ]);
    for (const table of tables) {
      expect(
        renderCsvTable(table)
          .trimEnd()
          .split('\n')
          .slice(1)
          .every((line) => line.endsWith(',simulated')),
      ).toBe(true);
    }
    // results.json's summary: every seed's value, n, mean and sd per group.
    expect(
      document.summary?.find((entry) => entry.benchmark === 'alpha' && entry.method === 'forge'),
    ).toEqual({
      benchmark: 'alpha',
      method: 'forge',
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
      arm: 'original',
      perSeed: [{ seed: 0, bestTest: 0.75 }],
      n: 1,
      mean: 0.75,
      sd: null,
    });
  });

  it('quotes CSV values that need it', () => {
    const csv = renderCsvTable({
      id: 'x',
      title: 'x',
      notes: [],
      columns: [{ header: 'a,b', format: 'text' }],
      rows: [{ values: ['say "hi"'] }],
    });
    expect(csv).toBe('"a,b"\n"say ""hi"""\n');
  });
});
