import { ceilingNotes } from './ceiling-notes.js';
import { pathSegment } from './suite-cell.js';
import type { SuiteCellResult } from './suite-cell-result.js';
import { describeStopLimit } from './suite-cell-stop.js';
import { benchmarkLabel, methodLabel, type SuiteLabels } from './suite-labels.js';
import type { SuiteTable } from './suite-table.js';
import { truncatedCeilingMark, truncationNotes } from './truncation-notes.js';

const percent = (value: number | null) => (value === null ? null : value * 100);

/**
 * The per-benchmark details: one row per cell — validation and test of the seed and the
 * selected candidate, evaluations used against the B.4 ceiling (flagged when exceeded), the
 * optimizer-side and total cost, the tokens billed, and any cell's note.
 */
export function detailsTable(options: {
  readonly cells: readonly SuiteCellResult[];
  readonly benchmark: string;
  readonly labels?: SuiteLabels;
}): SuiteTable {
  const cells = options.cells.filter((cell) => cell.benchmark === options.benchmark);
  const exceeded = cells.filter((cell) => cell.exceededCeiling).length;
  const notes = [
    "Scores in %. Selection uses validation only; test is evaluated for reporting. Ceiling: the row reference's completed evaluation count (B.4); – for the reference and controls.",
  ];
  if (exceeded > 0) notes.push(`${exceeded} cell(s) spent more evaluations than their ceiling.`);
  notes.push(...ceilingNotes(cells, options.labels));
  notes.push(...truncationNotes(cells, options.labels));
  for (const note of new Set(cells.flatMap((cell) => cell.notes ?? []))) notes.push(note);
  const noted = cells.some((cell) => (cell.notes ?? []).length > 0);
  return {
    id: `details-${pathSegment(options.benchmark)}`,
    title: `Details — ${benchmarkLabel(options.labels, options.benchmark)}`,
    notes,
    columns: [
      { header: 'Method', format: 'text' },
      { header: 'Task model', format: 'text' },
      { header: 'Optimizer model', format: 'text' },
      { header: 'Seed', format: 'count' },
      { header: 'Training data', format: 'text' },
      { header: 'Status', format: 'text' },
      { header: 'Seed val', format: 'percent' },
      { header: 'Best val', format: 'percent' },
      { header: 'Seed test', format: 'percent' },
      { header: 'Best test', format: 'percent' },
      { header: 'Evaluations', format: 'count' },
      { header: 'Ceiling', format: 'count' },
      { header: 'Within ceiling', format: 'text' },
      { header: 'Optimizer USD', format: 'usd' },
      { header: 'Total USD', format: 'usd' },
      { header: 'Input tokens', format: 'count' },
      { header: 'Output tokens', format: 'count' },
      ...(noted ? [{ header: 'Note', format: 'text' as const }] : []),
    ],
    rows: cells.map((cell) => ({
      values: [
        methodLabel(options.labels, cell.method),
        cell.taskModel,
        cell.optimizerModel,
        cell.seed,
        cell.arm === 'augmented' ? `original + synthetic (${cell.extraTraining ?? 0})` : 'original',
        cellStatusText(cell),
        percent(cell.seedValidation),
        percent(cell.bestValidation),
        percent(cell.seedTest),
        percent(cell.bestTest),
        cell.evaluationsUsed,
        cell.ceiling,
        cell.ceiling === null || cell.evaluationsUsed === null
          ? null
          : cell.exceededCeiling
            ? 'EXCEEDED'
            : 'yes',
        cell.optimizerCostUsd,
        cell.costUsd,
        cell.tokens?.input ?? null,
        cell.tokens?.output ?? null,
        ...(noted ? [(cell.notes ?? []).join(' ')] : []),
      ],
    })),
  };
}

/**
 * A cell's status for a table: `done`, `stopped: optimizer cost cap ($200)`, `done §` (ran on a
 * stopped cell's ceiling), `refused` (its ceiling would be a stopped cell's), `pending (stop
 * requested)`, `failed`, `pending`.
 */
export function cellStatusText(cell: SuiteCellResult): string {
  const stoppedDependencies = (cell.stoppedDependencies ?? []).length > 0;
  if (cell.status === 'stopped')
    return `stopped: ${cell.stop === undefined ? 'a cap' : describeStopLimit(cell.stop)}${stoppedDependencies ? ` ${truncatedCeilingMark}` : ''}`;
  if (cell.status === 'pending' && stoppedDependencies) return 'refused';
  if (cell.status === 'pending' && cell.stop?.by === 'signal') return 'pending (stop requested)';
  return `${cell.status}${stoppedDependencies && cell.status === 'done' ? ` ${truncatedCeilingMark}` : ''}`;
}
