import type { SuiteArm } from './suite-cell.js';
import type { SuiteCellResult } from './suite-cell-result.js';

/** Which cells a table entry averages: one per seed. */
export interface CellGroup {
  readonly benchmark: string;
  readonly method: string;
  readonly taskModel: string;
  readonly optimizerModel: string;
  readonly arm: SuiteArm;
}

/** A table entry: the mean over seeds, or null unless every seed's cell is done with a value. */
export interface GroupScore {
  /** Mean of the picked value × 100 (scores) over the group's cells; null when incomplete. */
  readonly value: number | null;
  /** True when any cell of the group exceeded its ceiling. */
  readonly exceeded: boolean;
  /** Cells of the group that are not done (or lack the value). */
  readonly missing: number;
}

/**
 * Averages a score over the seeds of a group. A mean over some seeds only would compare
 * methods on different seeds, so an incomplete group has no value.
 */
export function groupScore(
  cells: readonly SuiteCellResult[],
  group: CellGroup,
  seeds: readonly number[],
  pick: (cell: SuiteCellResult) => number | null = (cell) => cell.bestTest,
): GroupScore {
  let total = 0;
  let missing = 0;
  let exceeded = false;
  for (const seed of seeds) {
    const cell = cells.find(
      (candidate) =>
        candidate.benchmark === group.benchmark &&
        candidate.method === group.method &&
        candidate.taskModel === group.taskModel &&
        candidate.optimizerModel === group.optimizerModel &&
        candidate.arm === group.arm &&
        candidate.seed === seed,
    );
    const value = cell?.status === 'done' ? pick(cell) : null;
    if (cell?.exceededCeiling) exceeded = true;
    if (value === null) missing += 1;
    else total += value;
  }
  return { value: missing === 0 ? (total / seeds.length) * 100 : null, exceeded, missing };
}

/** The mean of values, or null when any is null (an aggregate needs every benchmark). */
export function meanOfAll(values: readonly (number | null)[]): number | null {
  if (values.length === 0 || values.some((value) => value === null)) return null;
  return (values as number[]).reduce((sum, value) => sum + value, 0) / values.length;
}

/** Indexes of the largest values (ties all emphasized); none when no value is present. */
export function bestIndexes(values: readonly (number | null)[], offset = 0): number[] {
  const present = values.filter((value): value is number => value !== null);
  if (present.length < 2) return [];
  const best = Math.max(...present);
  return values.flatMap((value, index) => (value === best ? [index + offset] : []));
}
