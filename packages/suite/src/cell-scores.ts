import { type SeedSpread, seedSpread } from './seed-spread.js';
import type { SuiteArm } from './suite-cell.js';
import { isFinishedCell, type SuiteCellResult } from './suite-cell-result.js';

/** Which cells a table entry averages: one per seed. */
export interface CellGroup {
  /** Benchmark id. */
  readonly benchmark: string;
  /** Method id. */
  readonly method: string;
  /** Task-model label. */
  readonly taskModel: string;
  /** Optimizer-model label. */
  readonly optimizerModel: string;
  /** Training data arm. */
  readonly arm: SuiteArm;
}

/** A table entry: mean ± sd over the seeds whose cell finished (done, or stopped at a cap) with a value. */
export interface GroupScore {
  /** Mean of the picked value × 100 (scores) over the seeds with a value; null when none has one. */
  readonly value: number | null;
  /** The spread over seeds (every seed's value, n, sd); null when no seed has a value. */
  readonly spread: SeedSpread | null;
  /** True when any cell of the group exceeded its ceiling. */
  readonly exceeded: boolean;
  /** True when a cap stopped any cell of the group short (status `stopped`): its value is a truncated run's. */
  readonly stopped: boolean;
  /** True when any cell of the group ran on a ceiling (or data) from a stopped cell (`stoppedDependencies`). */
  readonly truncatedCeiling: boolean;
  /** Cells of the group that are not finished (or lack the value). */
  readonly missing: number;
}

/**
 * A score over the seeds of a group: every seed's value and their mean ± sd. An entry missing
 * some seeds keeps the others and says so (`n < of`: partial), so a reader sees what is done
 * without a mean over different seeds passing for a complete one.
 */
export function groupScore(
  cells: readonly SuiteCellResult[],
  group: CellGroup,
  seeds: readonly number[],
  pick: (cell: SuiteCellResult) => number | null = (cell) => cell.bestTest,
): GroupScore {
  let missing = 0;
  let exceeded = false;
  let stopped = false;
  let truncatedCeiling = false;
  const perSeed = seeds.map((seed) => {
    const cell = groupCell(cells, group, seed);
    const value = cell === undefined ? null : tableValue(cell, pick);
    if (cell?.exceededCeiling) exceeded = true;
    if (cell?.status === 'stopped') stopped = true;
    if (value !== null && (cell?.stoppedDependencies ?? []).length > 0) truncatedCeiling = true;
    if (value === null) missing += 1;
    return { seed, value: value === null ? null : value * 100 };
  });
  const spread = seedSpread(perSeed);
  return { value: spread?.mean ?? null, spread, exceeded, stopped, truncatedCeiling, missing };
}

/** The cell of a group for one seed, if the plan has it. */
export function groupCell(
  cells: readonly SuiteCellResult[],
  group: CellGroup,
  seed: number,
): SuiteCellResult | undefined {
  return cells.find(
    (candidate) =>
      candidate.benchmark === group.benchmark &&
      candidate.method === group.method &&
      candidate.taskModel === group.taskModel &&
      candidate.optimizerModel === group.optimizerModel &&
      candidate.arm === group.arm &&
      candidate.seed === seed,
  );
}

/**
 * The value a table takes from a cell (its `bestTest` by default), or null when the cell is not
 * finished — `done`, or `stopped` by a cap (its value counts; the tables mark it ‡): the one
 * place that decides which cells count in a table entry.
 */
export function tableValue(
  cell: SuiteCellResult,
  pick: (cell: SuiteCellResult) => number | null = (done) => done.bestTest,
): number | null {
  return isFinishedCell(cell) ? pick(cell) : null;
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
