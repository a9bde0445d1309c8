import { seedSpread } from './seed-spread.js';
import type { SuiteArm } from './suite-cell.js';
import { isFinishedCell, type SuiteCellResult } from './suite-cell-result.js';

/** One group of cells that differ only by seed, summarised: the per-seed test scores and their spread. */
export interface SuiteSummaryEntry {
  /** Benchmark id. */
  readonly benchmark: string;
  /** Method id. */
  readonly method: string;
  /** Task model string. */
  readonly taskModel: string;
  /** Optimizer model string. */
  readonly optimizerModel: string;
  /** Training data arm. */
  readonly arm: SuiteArm;
  /** Every seed's `bestTest` (0–1; null when that cell is not finished — done, or stopped at a cap), in the suite's seed order. */
  readonly perSeed: readonly { readonly seed: number; readonly bestTest: number | null }[];
  /** Seeds with a value. */
  readonly n: number;
  /** Mean `bestTest` over them (0–1); null when none has one. */
  readonly mean: number | null;
  /** Sample standard deviation (n − 1); null with fewer than two values. */
  readonly sd: number | null;
}

/**
 * The summary `results.json` carries beside its cells: per (benchmark, method, models, arm), the
 * test score of every seed, n, mean and sample standard deviation — what the tables print, as
 * data.
 */
export function summarizeSuite(cells: readonly SuiteCellResult[]): SuiteSummaryEntry[] {
  const seeds = [...new Set(cells.map((cell) => cell.seed))];
  const groups = new Map<string, SuiteCellResult[]>();
  for (const cell of cells) {
    const key = [cell.benchmark, cell.method, cell.taskModel, cell.optimizerModel, cell.arm].join(
      '\u0000',
    );
    groups.set(key, [...(groups.get(key) ?? []), cell]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0] as SuiteCellResult;
    const perSeed = seeds.map((seed) => {
      const cell = group.find((candidate) => candidate.seed === seed);
      return { seed, bestTest: cell !== undefined && isFinishedCell(cell) ? cell.bestTest : null };
    });
    const spread = seedSpread(perSeed.map(({ seed, bestTest }) => ({ seed, value: bestTest })));
    return {
      benchmark: first.benchmark,
      method: first.method,
      taskModel: first.taskModel,
      optimizerModel: first.optimizerModel,
      arm: first.arm,
      perSeed,
      n: spread?.n ?? 0,
      mean: spread?.mean ?? null,
      sd: spread?.sd ?? null,
    };
  });
}
