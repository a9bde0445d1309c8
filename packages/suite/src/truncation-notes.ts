import type { GroupScore } from './cell-scores.js';
import type { SuiteCellResult } from './suite-cell-result.js';
import { describeCellStop } from './suite-cell-stop.js';
import { benchmarkLabel, methodLabel, type SuiteLabels } from './suite-labels.js';

/** The mark of an entry over a cell a cap stopped short. */
export const stoppedMark = '‡';
/** The mark of an entry over a cell that ran on a ceiling (or data) from a stopped cell. */
export const truncatedCeilingMark = '§';

/** ` ‡`, ` §`, both or nothing, for a label whose entries include such cells. */
export function truncationMarks(
  scores: readonly Pick<GroupScore, 'stopped' | 'truncatedCeiling'>[],
): string {
  const stopped = scores.some((score) => score.stopped) ? ` ${stoppedMark}` : '';
  const flagged = scores.some((score) => score.truncatedCeiling) ? ` ${truncatedCeilingMark}` : '';
  return `${stopped}${flagged}`;
}

/**
 * The notes under a table for its stopped and flagged cells: one line per cell a cap stopped
 * short (which cap, where it stood), and one per cell that ran on a stopped cell's ceiling (the
 * suite's `allowTruncatedCeilings`). Nothing when every cell finished on its own terms.
 */
export function truncationNotes(
  cells: readonly SuiteCellResult[],
  labels: SuiteLabels | undefined,
): string[] {
  const name = (cell: SuiteCellResult) =>
    `${methodLabel(labels, cell.method)} on ${benchmarkLabel(labels, cell.benchmark)}, seed ${cell.seed}${cell.arm === 'augmented' ? ', augmented' : ''}`;
  const notes: string[] = [];
  for (const cell of cells) {
    if (cell.status !== 'stopped' || cell.stop === undefined) continue;
    notes.push(
      `${stoppedMark} ${name(cell)} did not finish: ${describeCellStop(cell.stop)}; its scores are a truncated run's.`,
    );
  }
  const refused: SuiteCellResult[] = [];
  for (const cell of cells) {
    const from = cell.stoppedDependencies ?? [];
    if (from.length === 0 || cell.status === 'failed') continue;
    if (cell.status === 'pending') {
      refused.push(cell);
      continue;
    }
    notes.push(
      `${truncatedCeilingMark} ${name(cell)} ran on the evaluation ceiling (or data) of ${from.join(', ')}, which a cap stopped short (allowTruncatedCeilings): not a B.4-aligned comparison.`,
    );
  }
  if (refused.length > 0)
    notes.push(
      `${refused.length} cell(s) refused, their ceiling (or data) would come from a cell a cap stopped short: ${refused.map(name).join('; ')}. Raise the cap, or set alignment.allowTruncatedCeilings: true to run them flagged.`,
    );
  return notes;
}
