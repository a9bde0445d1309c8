import { ceilingNotes } from './ceiling-notes.js';
import { bestIndexes, groupScore } from './cell-scores.js';
import { meanSpread, type SeedSpread } from './seed-spread.js';
import { pathSegment } from './suite-cell.js';
import type { SuiteCellResult } from './suite-cell-result.js';
import { benchmarkLabel, methodLabel, type SuiteLabels } from './suite-labels.js';
import { modelPairLabel, type SuiteSpec } from './suite-spec.js';
import { formatTableValue, type SuiteTable, type TableRow } from './suite-table.js';

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
}): SuiteTable {
  const { cells, spec, taskModel, optimizerModel, labels } = options;
  const methods = spec.methods;
  let missing = 0;
  let exceeded = false;
  const byBenchmark = spec.benchmarks.map((benchmark) =>
    methods.map((method) => {
      const score = groupScore(
        cells,
        { benchmark, method, taskModel, optimizerModel, arm: 'original' },
        spec.seeds,
      );
      missing += score.missing;
      exceeded ||= score.exceeded;
      return score;
    }),
  );
  const rows: TableRow[] = spec.benchmarks.map((benchmark, index) => {
    const scores = byBenchmark[index] ?? [];
    return {
      values: [
        `${benchmarkLabel(labels, benchmark)}${scores.some((score) => score.exceeded) ? ' †' : ''}`,
        ...scores.map((score) => score.spread),
      ],
      emphasis: bestIndexes(
        scores.map((score) => completeMean(score.spread)),
        1,
      ),
    };
  });
  // Aggregate per seed over the benchmarks, then mean ± sd over seeds.
  const aggregates: (SeedSpread | null)[] = methods.map((_, column) =>
    meanSpread(byBenchmark.map((scores) => scores[column]?.spread ?? null)),
  );
  const aggregateMeans = aggregates.map(completeMean);
  rows.push({ values: ['Aggregate', ...aggregates], emphasis: bestIndexes(aggregateMeans, 1) });
  const control = methods.find((method) => spec.alignment.controls.includes(method));
  if (control !== undefined) {
    const base = aggregates[methods.indexOf(control)] ?? null;
    rows.push({
      values: [
        'Improvement',
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
  if (exceeded)
    notes.push(
      '† a method exceeded its B.4 evaluation ceiling on this benchmark (see the details table).',
    );
  notes.push(
    ...ceilingNotes(
      cells.filter(
        (cell) =>
          cell.taskModel === taskModel &&
          cell.optimizerModel === optimizerModel &&
          cell.arm === 'original',
      ),
      labels,
    ),
  );
  return {
    id: `main-${pathSegment(taskModel)}-${pathSegment(optimizerModel)}`,
    title: `Test performance (%) — ${modelPairLabel(taskModel, optimizerModel)}`,
    notes,
    columns: [
      { header: 'Benchmark', format: 'text' },
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
