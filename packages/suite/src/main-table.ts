import { ceilingNotes } from './ceiling-notes.js';
import { bestIndexes, type CellGroup, groupScore } from './cell-scores.js';
import {
  type CellInstanceScores,
  statisticsNotes,
  testSetSize,
  withStatistics,
} from './entry-statistics.js';
import { meanSpread, type SeedSpread } from './seed-spread.js';
import { StatisticsMemo } from './statistics-memo.js';
import { pathSegment } from './suite-cell.js';
import type { SuiteCellResult } from './suite-cell-result.js';
import { benchmarkLabel, methodLabel, type SuiteLabels } from './suite-labels.js';
import { modelPairLabel, type SuiteSpec } from './suite-spec.js';
import { formatTableValue, type SuiteTable, type TableRow } from './suite-table.js';
import { truncationMarks, truncationNotes } from './truncation-notes.js';

/**
 * Table 1 / Table 3's shape for one (task model, optimizer model): a row per benchmark with each
 * method's test score (%) of the candidate selected on validation, then Aggregate (the mean over
 * benchmarks) and Improvement (Aggregate minus the first control's, B.4's Baseline). Bold marks
 * the best method of each row among its complete entries (a partial mean is over other seeds).
 */
export function mainTable(options: {
  readonly cells: readonly SuiteCellResult[];
  readonly spec: SuiteSpec;
  readonly taskModel: string;
  readonly optimizerModel: string;
  readonly labels?: SuiteLabels;
  /** The cells' per-instance test scores: intervals, paired tests and test-set sizes. */
  readonly instanceScores?: CellInstanceScores;
  /** Remembers statistics across renders (the tables rewritten after every cell). */
  readonly memo?: StatisticsMemo;
}): SuiteTable {
  const { cells, spec, taskModel, optimizerModel, labels, instanceScores } = options;
  const methods = spec.methods;
  const reference = spec.alignment.reference;
  const groupOf = (benchmark: string, method: string): CellGroup => ({
    benchmark,
    method,
    taskModel,
    optimizerModel,
    arm: 'original',
  });
  // The statistics of an entry over some benchmarks (one, or all for the Aggregate, which reuses
  // its benchmarks' bootstrap draws).
  const memo = options.memo ?? new StatisticsMemo();
  const statistics = (spread: SeedSpread | null, benchmarks: readonly string[], method: string) =>
    spread === null || instanceScores === undefined
      ? spread
      : withStatistics(spread, {
          cells,
          seeds: spec.seeds,
          instanceScores,
          memo,
          groups: benchmarks.map((benchmark) => groupOf(benchmark, method)),
          ...(reference === null || reference === method || !methods.includes(reference)
            ? {}
            : { against: benchmarks.map((benchmark) => groupOf(benchmark, reference)) }),
        });
  let missing = 0;
  let exceeded = false;
  const byBenchmark = spec.benchmarks.map((benchmark) =>
    methods.map((method) => {
      const score = groupScore(cells, groupOf(benchmark, method), spec.seeds);
      missing += score.missing;
      exceeded ||= score.exceeded;
      return score;
    }),
  );
  // With per-instance scores, a column of test-set sizes follows the benchmark's name.
  const sized = instanceScores !== undefined;
  const first = sized ? 2 : 1;
  const rows: TableRow[] = spec.benchmarks.map((benchmark, index) => {
    const scores = byBenchmark[index] ?? [];
    return {
      values: [
        `${benchmarkLabel(labels, benchmark)}${scores.some((score) => score.exceeded) ? ' †' : ''}${truncationMarks(scores)}`,
        ...(sized
          ? [
              testSetSize(
                cells,
                methods.map((method) => groupOf(benchmark, method)),
                spec.seeds,
                instanceScores,
              ),
            ]
          : []),
        ...scores.map((score, column) =>
          statistics(score.spread, [benchmark], methods[column] as string),
        ),
      ],
      emphasis: bestIndexes(
        scores.map((score) => completeMean(score.spread)),
        first,
      ),
    };
  });
  // Aggregate per seed over the benchmarks, then mean ± sd over seeds.
  const aggregates: (SeedSpread | null)[] = methods.map((method, column) =>
    statistics(
      meanSpread(byBenchmark.map((scores) => scores[column]?.spread ?? null)),
      spec.benchmarks,
      method,
    ),
  );
  const aggregateMeans = aggregates.map(completeMean);
  rows.push({
    values: ['Aggregate', ...(sized ? [null] : []), ...aggregates],
    emphasis: bestIndexes(aggregateMeans, first),
  });
  const control = methods.find((method) => spec.alignment.controls.includes(method));
  if (control !== undefined) {
    const base = aggregates[methods.indexOf(control)] ?? null;
    rows.push({
      values: [
        'Improvement',
        ...(sized ? [null] : []),
        ...methods.map((method, column) => {
          const value = aggregates[column] ?? null;
          // Signed text: the column's format is the score's, this row is a difference of means.
          if (method === control || value === null || base === null) return null;
          const partial = value.n < value.of || base.n < base.of;
          return `${formatTableValue(value.mean - base.mean, 'delta')}${partial ? ' (partial)' : ''}`;
        }),
      ],
    });
  }
  const notes = [
    `Test score (%) of the candidate each method selected on validation; Aggregate averages the ${spec.benchmarks.length} benchmark(s)${control === undefined ? '' : `; Improvement is relative to ${methodLabel(labels, control)}`}.`,
  ];
  if (spec.seeds.length > 1)
    notes.push(
      `Each entry is mean ± sample standard deviation over n = ${spec.seeds.length} seeds (${spec.seeds.join(', ')}); Aggregate averages the benchmarks per seed first. Per-seed values: the CSV and results.json.`,
    );
  if (missing > 0)
    notes.push(
      `${missing} cell(s) not done: an entry over fewer seeds says so (partial); an entry with none shows –.`,
    );
  const pairNotes = cells
    .filter((cell) => cell.taskModel === taskModel && cell.optimizerModel === optimizerModel)
    .flatMap((cell) => cell.notes ?? []);
  for (const note of new Set(pairNotes)) notes.push(note);
  if (instanceScores !== undefined) {
    notes.push(
      ...statisticsNotes({
        seeds: spec.seeds.length,
        ...(reference !== null && methods.includes(reference)
          ? { against: `against ${methodLabel(labels, reference)}` }
          : {}),
        rows: rows.flatMap((row) => row.values),
      }),
    );
  }
  if (exceeded)
    notes.push(
      '† a method exceeded its B.4 evaluation ceiling on this benchmark (see the details table).',
    );
  const pairCells = cells.filter(
    (cell) =>
      cell.taskModel === taskModel &&
      cell.optimizerModel === optimizerModel &&
      cell.arm === 'original' &&
      methods.includes(cell.method),
  );
  notes.push(...ceilingNotes(pairCells, labels));
  notes.push(...truncationNotes(pairCells, labels));
  return {
    id: `main-${pathSegment(taskModel)}-${pathSegment(optimizerModel)}`,
    title: `Test performance (%) — ${modelPairLabel(taskModel, optimizerModel)}`,
    notes,
    columns: [
      { header: 'Benchmark', format: 'text' },
      ...(sized ? [{ header: 'Test n', format: 'count' as const }] : []),
      ...methods.map((method) => ({
        header: methodLabel(labels, method),
        format: 'percent' as const,
      })),
    ],
    rows,
  };
}

/** The mean of an entry over every seed; null for a partial entry, which is not ranked. */
function completeMean(spread: SeedSpread | null): number | null {
  return spread === null || spread.n < spread.of ? null : spread.mean;
}
