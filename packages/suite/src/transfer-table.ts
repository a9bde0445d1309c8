import { bestIndexes, type CellGroup, groupScore } from './cell-scores.js';
import { type CellInstanceScores, statisticsNotes, withStatistics } from './entry-statistics.js';
import {
  type GrpoArm,
  type GrpoResults,
  grpoArms,
  grpoArmTest,
  grpoLabel,
} from './grpo-results.js';
import { seedSpread } from './seed-spread.js';
import type { StatisticsMemo } from './statistics-memo.js';
import { pathSegment } from './suite-cell.js';
import type { SuiteCellResult } from './suite-cell-result.js';
import { benchmarkLabel, methodLabel, type SuiteLabels } from './suite-labels.js';
import { modelPairLabel, type SuiteSpec } from './suite-spec.js';
import { formatTableValue, type SuiteTable, type TableRow } from './suite-table.js';
import { truncationMarks, truncationNotes } from './truncation-notes.js';

/**
 * Table 4's shape for one (task model, optimizer model): per transfer benchmark, each method's
 * test score (%) on the original training data, on the data augmented with the source method's
 * admitted instances (same ceiling), and the difference; given a GRPO result file, a last
 * column with the weight-optimization arms trained outside Forge. Bold marks the better arm.
 * Undefined when the suite has no transfer study.
 */
export function transferTable(options: {
  readonly cells: readonly SuiteCellResult[];
  readonly spec: SuiteSpec;
  readonly taskModel: string;
  readonly optimizerModel: string;
  readonly labels?: SuiteLabels;
  /** A GRPO result file's rows: its training column (weight optimization, run outside Forge). */
  readonly grpo?: GrpoResults;
  /** Why a GRPO result file could not be used, said under the table. */
  readonly grpoProblem?: string;
  /** The cells' per-instance test scores: each arm's 95% interval, the augmented arm tested against the original. */
  readonly instanceScores?: CellInstanceScores;
  /** Remembers statistics across renders. */
  readonly memo?: StatisticsMemo;
}): SuiteTable | undefined {
  const { cells, spec, taskModel, optimizerModel, labels } = options;
  const transfer = spec.transfer;
  if (transfer === undefined) return undefined;
  const grpo = options.grpo;
  // Per benchmark and arm, each seed's mean test score over the GRPO runs of that row (%).
  const grpoSpread = (benchmark: string, arm: GrpoArm) => {
    if (grpo === undefined) return [];
    const perSeed = spec.seeds.map((seed) => {
      const row = grpo.rows.find(
        (candidate) =>
          candidate.benchmark === benchmark &&
          candidate.taskModel === taskModel &&
          candidate.optimizerModel === optimizerModel &&
          candidate.seed === seed,
      );
      return { seed, value: row === undefined ? null : grpoArmTest(row, arm) * 100 };
    });
    return [seedSpread(perSeed)];
  };
  const columns = transfer.methods.length + (grpo === undefined ? 0 : 1);
  let missing = 0;
  const rows: TableRow[] = [];
  for (const benchmark of transfer.benchmarks) {
    const groups = (['original', 'augmented'] as const).map((arm) =>
      transfer.methods.map((method) => {
        const group: CellGroup = { benchmark, method, taskModel, optimizerModel, arm };
        const score = groupScore(cells, group, spec.seeds);
        missing += score.missing;
        if (score.spread === null || options.instanceScores === undefined)
          return { score, spread: score.spread };
        return {
          score,
          spread: withStatistics(score.spread, {
            cells,
            seeds: spec.seeds,
            instanceScores: options.instanceScores,
            groups: [group],
            ...(arm === 'augmented' ? { against: [{ ...group, arm: 'original' as const }] } : {}),
            ...(options.memo === undefined ? {} : { memo: options.memo }),
          }),
        };
      }),
    );
    const [original = [], augmented = []] = groups.map((entries, arm) => [
      ...entries.map((entry) => entry.spread),
      ...grpoSpread(benchmark, grpoArms[arm] as GrpoArm),
    ]);
    const mean = (spread: { readonly mean: number } | null | undefined) => spread?.mean ?? null;
    const emphasis = (arm: 0 | 1) =>
      Array.from({ length: columns }, (_, column) => column).flatMap((column) =>
        bestIndexes([mean(original[column]), mean(augmented[column])]).includes(arm)
          ? [column + 2]
          : [],
      );
    rows.push({
      values: [
        `${benchmarkLabel(labels, benchmark)}${truncationMarks(groups.flat().map((entry) => entry.score))}`,
        'Original',
        ...original,
      ],
      emphasis: emphasis(0),
    });
    rows.push({
      values: ['', `+ ${methodLabel(labels, transfer.source)} data`, ...augmented],
      emphasis: emphasis(1),
    });
    rows.push({
      values: [
        '',
        'Δ',
        ...Array.from({ length: columns }, (_, column) => {
          const before = original[column] ?? null;
          const after = augmented[column] ?? null;
          if (before === null || after === null) return null;
          const partial = before.n < before.of || after.n < after.of;
          return `${formatTableValue(after.mean - before.mean, 'delta')}${partial ? ' (partial)' : ''}`;
        }),
      ],
    });
  }
  const notes = [
    `Test score (%) with the original training split versus the split augmented with ${methodLabel(labels, transfer.source)}'s admitted synthetic instances from the same row; both arms of a method run under the same evaluation ceiling, validation and test unchanged.`,
  ];
  if (spec.seeds.length > 1)
    notes.push(
      `Each entry is mean ± sample standard deviation over n = ${spec.seeds.length} seeds (${spec.seeds.join(', ')}); Δ is the difference of the means.`,
    );
  if (missing > 0)
    notes.push(
      `${missing} cell(s) not done: an entry over fewer seeds says so (partial); an entry with none shows –.`,
    );
  notes.push(
    ...truncationNotes(
      cells.filter(
        (cell) =>
          cell.taskModel === taskModel &&
          cell.optimizerModel === optimizerModel &&
          transfer.benchmarks.includes(cell.benchmark) &&
          transfer.methods.includes(cell.method),
      ),
      labels,
    ),
  );
  if (grpo !== undefined)
    notes.push(
      `${grpoLabel(grpo)}: weight optimization of the task model on the same two training sets (the suite's grpo/ files), run outside Forge and read from its GRPO result file${grpo.trainer === undefined ? '' : ` (${grpo.trainer})`}; each entry is the mean test score of an arm's runs, then mean ± sd over the rows' seeds.`,
    );
  if (options.instanceScores !== undefined)
    notes.push(
      ...statisticsNotes({
        seeds: spec.seeds.length,
        against: "for an augmented arm against the same method's original arm",
        // The GRPO column has no per-instance scores to resample: its entries are not counted.
        rows: rows.flatMap((row) => row.values.slice(0, 2 + transfer.methods.length)),
      }),
    );
  if (options.grpoProblem !== undefined)
    notes.push(`GRPO results not shown: ${options.grpoProblem}`);
  return {
    id: `transfer-${pathSegment(taskModel)}-${pathSegment(optimizerModel)}`,
    title: `Transfer of synthesized data — ${modelPairLabel(taskModel, optimizerModel)}`,
    notes,
    columns: [
      { header: 'Benchmark', format: 'text' },
      { header: 'Training data', format: 'text' },
      ...transfer.methods.map((method) => ({
        header: methodLabel(labels, method),
        format: 'percent' as const,
      })),
      ...(grpo === undefined ? [] : [{ header: grpoLabel(grpo), format: 'percent' as const }]),
    ],
    rows,
  };
}
