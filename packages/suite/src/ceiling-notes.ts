import type { SuiteCellResult } from './suite-cell-result.js';
import { methodLabel, type SuiteLabels } from './suite-labels.js';

/**
 * One table note per method whose settings let it spend past its ceiling (a reference
 * implementation's budget rule, such as GEPA's `profile: reference`), in the cells' order: the
 * method's label and its own sentence saying how. Such a method's cells are flagged like any
 * other over their ceiling; the note says why it can happen.
 */
export function ceilingNotes(
  cells: readonly SuiteCellResult[],
  labels: SuiteLabels | undefined,
): string[] {
  const notes = new Map<string, string>();
  for (const cell of cells) {
    if (cell.ceilingNote === undefined) continue;
    const key = `${cell.method}\u0000${cell.ceilingNote}`;
    if (!notes.has(key)) {
      notes.set(
        key,
        `${methodLabel(labels, cell.method)} may exceed its ceiling: ${cell.ceilingNote}`,
      );
    }
  }
  return [...notes.values()];
}
