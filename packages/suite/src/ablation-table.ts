import { groupScore, meanOfAll } from './cell-scores.js';
import { pathSegment } from './suite-cell.js';
import type { SuiteCellResult } from './suite-cell-result.js';
import { methodLabel, type SuiteLabels } from './suite-labels.js';
import { modelPairLabel, type SuiteSpec } from './suite-spec.js';
import { formatTableValue, type SuiteTable, type TableRow } from './suite-table.js';

/** One row of a cumulative ablation (Table 2): a method and the components it has. */
export interface AblationStep {
  /** The method id. */
  readonly method: string;
  /** The row label (`+ Prompt search`). */
  readonly label: string;
  /** The components it has, among the ablation's `components`. */
  readonly components: readonly string[];
}

/** A cumulative ablation: its component columns and its rows in order. */
export interface AblationSpec {
  /** Component column headers, in order. */
  readonly components: readonly string[];
  /** The rows, each adding to the one before. */
  readonly steps: readonly AblationStep[];
}

/**
 * Table 2's shape for one (task model, optimizer model): the ablation's steps the suite ran, each
 * with ✓ per component, its Score (the mean test score over every benchmark, %) and Δ relative to
 * the preceding row. Undefined when fewer than two steps were run.
 */
export function ablationTable(options: {
  readonly cells: readonly SuiteCellResult[];
  readonly spec: SuiteSpec;
  readonly ablation: AblationSpec;
  readonly taskModel: string;
  readonly optimizerModel: string;
  readonly labels?: SuiteLabels;
}): SuiteTable | undefined {
  const { cells, spec, ablation, taskModel, optimizerModel } = options;
  const steps = ablation.steps.filter((step) => spec.methods.includes(step.method));
  if (steps.length < 2) return undefined;
  let previous: number | null | undefined;
  let missing = 0;
  const rows: TableRow[] = steps.map((step) => {
    const scores = spec.benchmarks.map((benchmark) => {
      const score = groupScore(
        cells,
        { benchmark, method: step.method, taskModel, optimizerModel, arm: 'original' },
        spec.seeds,
      );
      missing += score.missing;
      return score.value;
    });
    const score = meanOfAll(scores);
    const delta =
      previous === undefined
        ? null
        : score === null || previous === null
          ? null
          : formatTableValue(score - previous, 'delta');
    previous = score;
    return {
      values: [
        step.label,
        ...ablation.components.map((component) => (step.components.includes(component) ? '✓' : '')),
        score,
        delta,
      ],
    };
  });
  const notes = [
    `Cumulative ablation: Score is the mean test score (%) over the ${spec.benchmarks.length} benchmark(s); each row adds one component and Δ is relative to the preceding row (conditional contributions, not isolated effects).`,
    `Rows: ${steps.map((step) => methodLabel(options.labels, step.method)).join(', ')}.`,
  ];
  if (missing > 0) notes.push(`${missing} cell(s) not done: their scores show –.`);
  return {
    id: `ablation-${pathSegment(taskModel)}-${pathSegment(optimizerModel)}`,
    title: `Cumulative ablation — ${modelPairLabel(taskModel, optimizerModel)}`,
    notes,
    columns: [
      { header: 'Variant', format: 'text' },
      ...ablation.components.map((component) => ({ header: component, format: 'text' as const })),
      { header: 'Score', format: 'percent' },
      { header: 'Δ', format: 'text' },
    ],
    rows,
  };
}
