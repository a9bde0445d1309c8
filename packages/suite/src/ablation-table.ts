import { type CellGroup, groupScore } from './cell-scores.js';
import { type CellInstanceScores, statisticsNotes, withStatistics } from './entry-statistics.js';
import { meanSpread, type SeedSpread } from './seed-spread.js';
import type { StatisticsMemo } from './statistics-memo.js';
import { pathSegment } from './suite-cell.js';
import type { SuiteCellResult } from './suite-cell-result.js';
import { methodLabel, type SuiteLabels } from './suite-labels.js';
import { modelPairLabel, type SuiteSpec } from './suite-spec.js';
import { formatTableValue, type SuiteTable, type TableRow } from './suite-table.js';
import { truncationMarks } from './truncation-notes.js';

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
 * the preceding row; given per-instance test scores, each Score's 95% interval and a paired test
 * against the row above (the marker on a Score says its Δ is significant). Undefined when fewer
 * than two steps were run.
 */
export function ablationTable(options: {
  readonly cells: readonly SuiteCellResult[];
  readonly spec: SuiteSpec;
  readonly ablation: AblationSpec;
  readonly taskModel: string;
  readonly optimizerModel: string;
  readonly labels?: SuiteLabels;
  /** The cells' per-instance test scores: each Score's 95% interval and its Δ's paired test. */
  readonly instanceScores?: CellInstanceScores;
  /** Remembers statistics across renders. */
  readonly memo?: StatisticsMemo;
}): SuiteTable | undefined {
  const { cells, spec, ablation, taskModel, optimizerModel, instanceScores } = options;
  const steps = ablation.steps.filter((step) => spec.methods.includes(step.method));
  if (steps.length < 2) return undefined;
  const groupsOf = (method: string): CellGroup[] =>
    spec.benchmarks.map((benchmark) => ({
      benchmark,
      method,
      taskModel,
      optimizerModel,
      arm: 'original',
    }));
  let previous: { step: AblationStep; score: SeedSpread | null } | undefined;
  let missing = 0;
  let marked = false;
  const rows: TableRow[] = steps.map((step) => {
    const groups = spec.benchmarks.map((benchmark) => {
      const score = groupScore(
        cells,
        { benchmark, method: step.method, taskModel, optimizerModel, arm: 'original' },
        spec.seeds,
      );
      missing += score.missing;
      return score;
    });
    const mean = meanSpread(groups.map((group) => group.spread));
    const marks = truncationMarks(groups);
    if (marks !== '') marked = true;
    // The Score's interval over every benchmark; its Δ tested against the row above.
    const score =
      mean === null || instanceScores === undefined
        ? mean
        : withStatistics(mean, {
            cells,
            seeds: spec.seeds,
            instanceScores,
            groups: groupsOf(step.method),
            ...(previous === undefined ? {} : { against: groupsOf(previous.step.method) }),
            ...(options.memo === undefined ? {} : { memo: options.memo }),
          });
    const before = previous?.score ?? null;
    const delta =
      previous === undefined || score === null || before === null
        ? null
        : `${formatTableValue(score.mean - before.mean, 'delta')}${score.n < score.of || before.n < before.of ? ' (partial)' : ''}`;
    const label =
      previous === undefined
        ? step.label
        : stepLabel(ablation, previous.step, step, options.labels);
    previous = { step, score };
    return {
      values: [
        `${label}${marks}`,
        ...ablation.components.map((component) => (step.components.includes(component) ? '✓' : '')),
        score,
        delta,
      ],
    };
  });
  const notes = [
    `Cumulative ablation: Score is the mean test score (%) over the ${spec.benchmarks.length} benchmark(s)${spec.seeds.length > 1 ? ` (mean ± sd over n = ${spec.seeds.length} seeds, benchmarks averaged per seed first)` : ''}; each row names the components it adds to the row above, and Δ is relative to that row (conditional contributions, not isolated effects).`,
    `Rows: ${steps.map((step) => methodLabel(options.labels, step.method)).join(', ')}.`,
  ];
  if (missing > 0)
    notes.push(
      `${missing} cell(s) not done: a score over fewer seeds says so (partial); a score with none shows –.`,
    );
  if (marked)
    notes.push(
      "‡ a cap stopped one of the row's cells short; § one of them ran on a stopped cell's ceiling (the main and details tables say which).",
    );
  if (instanceScores !== undefined)
    notes.push(
      ...statisticsNotes({
        seeds: spec.seeds.length,
        against: 'against the row above (the test of its Δ)',
        rows: rows.flatMap((row) => row.values),
      }),
    );
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

/**
 * A row's label given the row above it: the step's own label when the row above is the step
 * just before it in the ablation; else every component it adds, named (`+ Synthesis + Failure
 * memory + Mutation guidance (Forge)`), since its Δ covers all of them.
 */
function stepLabel(
  ablation: AblationSpec,
  previous: AblationStep,
  step: AblationStep,
  labels: SuiteLabels | undefined,
): string {
  const adjacent = ablation.steps.indexOf(step) - ablation.steps.indexOf(previous) === 1;
  const added = step.components.filter((component) => !previous.components.includes(component));
  if (adjacent || added.length === 0) return step.label;
  return `+ ${added.join(' + ')} (${methodLabel(labels, step.method)})`;
}
