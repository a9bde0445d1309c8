import { bestIndexes, groupScore } from './cell-scores.js';
import { pathSegment } from './suite-cell.js';
import type { SuiteCellResult } from './suite-cell-result.js';
import { benchmarkLabel, methodLabel, type SuiteLabels } from './suite-labels.js';
import { modelPairLabel, type SuiteSpec } from './suite-spec.js';
import { formatTableValue, type SuiteTable, type TableRow } from './suite-table.js';

/**
 * Table 4's shape for one (task model, optimizer model): per transfer benchmark, each method's
 * test score (%) on the original training data, on the data augmented with the source method's
 * admitted instances (same ceiling), and the difference. Bold marks the better arm. Undefined
 * when the suite has no transfer study.
 */
export function transferTable(options: {
  readonly cells: readonly SuiteCellResult[];
  readonly spec: SuiteSpec;
  readonly taskModel: string;
  readonly optimizerModel: string;
  readonly labels?: SuiteLabels;
}): SuiteTable | undefined {
  const { cells, spec, taskModel, optimizerModel, labels } = options;
  const transfer = spec.transfer;
  if (transfer === undefined) return undefined;
  let missing = 0;
  const rows: TableRow[] = [];
  for (const benchmark of transfer.benchmarks) {
    const arms = (['original', 'augmented'] as const).map((arm) =>
      transfer.methods.map((method) => {
        const score = groupScore(
          cells,
          { benchmark, method, taskModel, optimizerModel, arm },
          spec.seeds,
        );
        missing += score.missing;
        return score.spread;
      }),
    );
    const [original = [], augmented = []] = arms;
    const mean = (spread: { readonly mean: number } | null | undefined) => spread?.mean ?? null;
    const emphasis = (arm: 0 | 1) =>
      transfer.methods.flatMap((_, column) =>
        bestIndexes([mean(original[column]), mean(augmented[column])]).includes(arm)
          ? [column + 2]
          : [],
      );
    rows.push({
      values: [benchmarkLabel(labels, benchmark), 'Original', ...original],
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
        ...transfer.methods.map((_, column) => {
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
    ],
    rows,
  };
}
