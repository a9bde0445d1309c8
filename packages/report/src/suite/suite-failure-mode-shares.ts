import { isFinishedCell, type SeedSpread, seedSpread } from '@forge/suite';
import { finiteOr } from '../primitives/finite-or.js';
import type { SuiteCellFailureModeWindow } from './suite-cell-details.js';
import type { SuiteReportData } from './suite-report-data.js';

/** One failure mode (matched by name across seeds) in one window of a benchmark's cells. */
export interface SuiteModeShare {
  /** The mode's name, as the assigner gave it. */
  readonly name: string;
  /** Its description in the first seed's run that holds it. */
  readonly description: string;
  /** The mean over the window's n cells of its share of that cell's failures (0 where a cell lacks it). */
  readonly meanShare: number;
  /** The mean over the n cells of its supporting failures (0 where a cell lacks it). */
  readonly meanFailures: number;
  /** Its share and failures in each cell that holds it, by seed. */
  readonly perSeed: readonly {
    readonly seed: number;
    readonly share: number;
    readonly failures: number;
  }[];
}

/** One cell counted in a window. */
export interface SuiteFailureModeWindowCell {
  /** The cell's id. */
  readonly id: string;
  /** Its seed. */
  readonly seed: number;
  /** The synthesis event that closed the window in this cell. */
  readonly event: number;
  /** Modes with at least one failure (modes of one name counted once). */
  readonly modes: number;
  /** Failures in the window. */
  readonly failures: number;
  /** Failures of its most frequent mode. */
  readonly largest: number;
  /** Failures of its least frequent mode (with at least one failure). */
  readonly smallest: number;
  /**
   * `largest / smallest`: the max:min ratio of its mode shares (the same as of their failure
   * counts, as the shares of one cell share a denominator); 1 with a single mode.
   */
  readonly ratio: number;
}

/** A window (before the first, or before the final synthesis event) over a group's cells. */
export interface SuiteFailureModeWindowSummary {
  /** The cells counted: those whose window holds at least one failure; n is their number. */
  readonly cells: readonly SuiteFailureModeWindowCell[];
  /** Every mode of any counted cell, by mean share descending, then name. */
  readonly modes: readonly SuiteModeShare[];
  /**
   * Modes per seed: each counted cell's own number of modes, as mean ± sample sd over the n
   * cells (null when n = 0). Not the number of distinct names over seeds (`modes.length`),
   * which grows with every seed whose assigner names its modes differently.
   */
  readonly modeCount: SeedSpread | null;
  /**
   * The max:min share ratio: per counted cell its `ratio` (largest mode's failures over the
   * smallest's), then mean ± sample sd over the n cells — the balance of one run's failure
   * memory, averaged over seeds (null when n = 0).
   */
  readonly shareRatio: SeedSpread | null;
}

/** Figure 3(b)/(c) for one benchmark and method under one model pair, over its seeds. */
export interface SuiteFailureModeGroup {
  /** Benchmark id. */
  readonly benchmark: string;
  /** Method id (Forge, or a variant with failure memory). */
  readonly method: string;
  /** Task-model label. */
  readonly taskModel: string;
  /** Optimizer-model label. */
  readonly optimizerModel: string;
  /** Seeds of its cells that a cap stopped short (counted, as in the tables, and marked ‡). */
  readonly stoppedSeeds: readonly number[];
  /** Before the first synthesis event. */
  readonly first: SuiteFailureModeWindowSummary;
  /** Before the final synthesis event. */
  readonly final: SuiteFailureModeWindowSummary;
}

interface CellWindow {
  readonly id: string;
  readonly seed: number;
  readonly window: SuiteCellFailureModeWindow;
}

/**
 * The rule that puts seeds together: within a window, each cell's modes get their share of that
 * cell's failures (as in the run report); modes are matched across seeds by name; a mode's
 * suite-level share is the mean of its shares over the n cells whose window holds failures,
 * counting 0 where a cell has no mode of that name, so the means of a window sum to 1. Modes
 * with no failures and no-op assignments are left out, as in a cell's own report.
 */
export function summarizeFailureModeWindow(
  cells: readonly CellWindow[],
): SuiteFailureModeWindowSummary {
  const counted = cells
    .map((cell) => {
      const modes = cell.window.modes
        .map((mode) => ({ ...mode, failures: Math.max(0, finiteOr(mode.failures, 0)) }))
        .filter((mode) => mode.failures > 0);
      return { ...cell, modes, total: modes.reduce((sum, mode) => sum + mode.failures, 0) };
    })
    .filter((cell) => cell.total > 0)
    .sort((a, b) => a.seed - b.seed || a.id.localeCompare(b.id));
  const byName = new Map<
    string,
    { description: string; perSeed: { seed: number; share: number; failures: number }[] }
  >();
  for (const cell of counted) {
    // Two modes of one cell with the same name (possible across renames) count as one.
    const merged = new Map<string, { description: string; failures: number }>();
    for (const mode of cell.modes) {
      const previous = merged.get(mode.name);
      merged.set(mode.name, {
        description: previous?.description ?? mode.description,
        failures: (previous?.failures ?? 0) + mode.failures,
      });
    }
    for (const [name, mode] of merged) {
      const entry = byName.get(name) ?? { description: mode.description, perSeed: [] };
      entry.perSeed.push({
        seed: cell.seed,
        share: mode.failures / cell.total,
        failures: mode.failures,
      });
      byName.set(name, entry);
    }
  }
  const n = counted.length;
  const summaries = counted.map((cell) => {
    const merged = new Map<string, number>();
    for (const mode of cell.modes)
      merged.set(mode.name, (merged.get(mode.name) ?? 0) + mode.failures);
    const failures = [...merged.values()];
    const largest = Math.max(...failures);
    const smallest = Math.min(...failures);
    return {
      id: cell.id,
      seed: cell.seed,
      event: cell.window.event,
      modes: merged.size,
      failures: cell.total,
      largest,
      smallest,
      ratio: largest / smallest,
    };
  });
  const modes = [...byName]
    .map(([name, entry]) => ({
      name,
      description: entry.description,
      meanShare: entry.perSeed.reduce((sum, seed) => sum + seed.share, 0) / n,
      meanFailures: entry.perSeed.reduce((sum, seed) => sum + seed.failures, 0) / n,
      perSeed: entry.perSeed,
    }))
    .sort((a, b) => b.meanShare - a.meanShare || a.name.localeCompare(b.name));
  return {
    cells: summaries,
    modes,
    modeCount: seedSpread(summaries.map((cell) => ({ seed: cell.seed, value: cell.modes }))),
    shareRatio: seedSpread(summaries.map((cell) => ({ seed: cell.seed, value: cell.ratio }))),
  };
}

/**
 * Figure 3(b)/(c) at suite level: for every benchmark, method and model pair whose finished
 * cells (`done`, or `stopped` by a cap: a truncated run's windows count, as its scores do in the
 * tables; original training data) ran a synthesis event, the failure modes before the first and
 * before the final event, put together over seeds by `summarizeFailureModeWindow`'s rule.
 */
export function suiteFailureModeGroups(data: SuiteReportData): SuiteFailureModeGroup[] {
  const groups = new Map<
    string,
    {
      key: Omit<SuiteFailureModeGroup, 'first' | 'final' | 'stoppedSeeds'>;
      stoppedSeeds: number[];
      first: CellWindow[];
      final: CellWindow[];
    }
  >();
  for (const cell of data.results.cells) {
    const modes = data.cellDetails?.[cell.id]?.failureModes;
    if (!isFinishedCell(cell) || cell.arm !== 'original' || modes === undefined) continue;
    const id = [cell.benchmark, cell.method, cell.taskModel, cell.optimizerModel].join('\u0000');
    const group = groups.get(id) ?? {
      key: {
        benchmark: cell.benchmark,
        method: cell.method,
        taskModel: cell.taskModel,
        optimizerModel: cell.optimizerModel,
      },
      stoppedSeeds: [],
      first: [],
      final: [],
    };
    if (cell.status === 'stopped') group.stoppedSeeds.push(cell.seed);
    group.first.push({ id: cell.id, seed: cell.seed, window: modes.first });
    group.final.push({ id: cell.id, seed: cell.seed, window: modes.final });
    groups.set(id, group);
  }
  const rank = (list: readonly string[], value: string) => {
    const index = list.indexOf(value);
    return index === -1 ? list.length : index;
  };
  return [...groups.values()]
    .map((group) => ({
      ...group.key,
      stoppedSeeds: [...group.stoppedSeeds].sort((a, b) => a - b),
      first: summarizeFailureModeWindow(group.first),
      final: summarizeFailureModeWindow(group.final),
    }))
    .sort(
      (a, b) =>
        rank(data.spec.taskModels, a.taskModel) - rank(data.spec.taskModels, b.taskModel) ||
        rank(data.spec.optimizerModels, a.optimizerModel) -
          rank(data.spec.optimizerModels, b.optimizerModel) ||
        rank(data.spec.benchmarks, a.benchmark) - rank(data.spec.benchmarks, b.benchmark) ||
        rank(data.spec.methods, a.method) - rank(data.spec.methods, b.method),
    );
}
