import { isFinishedCell } from '@forge/suite';
import type { SuiteReportData } from './suite-report-data.js';

/** One method's result on one test instance, over its seeds. */
export interface SolveMatrixEntry {
  /** Cells (seeds) whose best candidate was evaluated on the instance: n. */
  readonly seeds: number;
  /** Of those, the cells whose best candidate solved it (mean score over repeats = 1): k. */
  readonly solved: number;
  /** The mean over those cells of the best candidate's score on it. */
  readonly meanScore: number;
  /** Each cell's score on it, by seed. */
  readonly perSeed: readonly { readonly seed: number; readonly score: number }[];
}

/** One test instance: every method's entry (null where no cell of the method evaluated it). */
export interface SolveMatrixRow {
  /** The test instance id. */
  readonly instance: string;
  /** In `methods` order. */
  readonly entries: readonly (SolveMatrixEntry | null)[];
  /**
   * The filter tokens of the row: `disagree` (the methods' solved fractions k/n differ),
   * `unsolved` (no method solves it in any seed), `solved-by-all` (every method in every seed),
   * `only-<method>` (that method solves it in some seed, no other method in any).
   */
  readonly tokens: readonly string[];
}

/** Which test instances each method's best candidate solves, for one benchmark and model pair. */
export interface SolveMatrix {
  /** Benchmark id. */
  readonly benchmark: string;
  /** Task-model label. */
  readonly taskModel: string;
  /** Optimizer-model label. */
  readonly optimizerModel: string;
  /**
   * The methods with per-instance test scores, in the suite's order, with their seeds and those
   * of them whose cell a cap stopped short (counted, as in the tables, and marked ‡).
   */
  readonly methods: readonly {
    readonly method: string;
    readonly seeds: readonly number[];
    readonly stoppedSeeds: readonly number[];
  }[];
  /** Every test instance any of them was evaluated on, in natural id order. */
  readonly rows: readonly SolveMatrixRow[];
}

/** An instance counts as solved when its mean score over repeats is 1 (SPEC §1: below 1 is imperfect). */
export function isSolved(score: number): boolean {
  return score >= 1;
}

const naturalOrder = new Intl.Collator('en', { numeric: true });

/**
 * The suite's solve matrices: per benchmark and model pair, every method's finished cells
 * (`done`, or `stopped` by a cap: a truncated run's selected candidate counts, as in the tables;
 * original training data) whose best candidate was evaluated on the test split instance by
 * instance; each entry says in how many of those seeds the method solved the instance.
 */
export function suiteSolveMatrices(data: SuiteReportData): SolveMatrix[] {
  const groups = new Map<
    string,
    {
      benchmark: string;
      taskModel: string;
      optimizerModel: string;
      cells: Map<
        string,
        { seed: number; stopped: boolean; scores: Readonly<Record<string, number>> }[]
      >;
    }
  >();
  for (const cell of data.results.cells) {
    const test = data.cellDetails?.[cell.id]?.test;
    if (!isFinishedCell(cell) || cell.arm !== 'original' || test === undefined) continue;
    const key = [cell.benchmark, cell.taskModel, cell.optimizerModel].join('\u0000');
    const group = groups.get(key) ?? {
      benchmark: cell.benchmark,
      taskModel: cell.taskModel,
      optimizerModel: cell.optimizerModel,
      cells: new Map(),
    };
    const list = group.cells.get(cell.method) ?? [];
    list.push({ seed: cell.seed, stopped: cell.status === 'stopped', scores: test.scores });
    group.cells.set(cell.method, list);
    groups.set(key, group);
  }
  const rank = (list: readonly string[], value: string) => {
    const index = list.indexOf(value);
    return index === -1 ? list.length : index;
  };
  const matrices = [...groups.values()].map((group) => {
    const methods = [...group.cells.keys()].sort(
      (a, b) => rank(data.spec.methods, a) - rank(data.spec.methods, b) || a.localeCompare(b),
    );
    const cellsOf = (method: string) =>
      [...(group.cells.get(method) ?? [])].sort((a, b) => a.seed - b.seed);
    const instances = new Set<string>();
    for (const method of methods)
      for (const cell of cellsOf(method))
        for (const id of Object.keys(cell.scores)) instances.add(id);
    const rows = [...instances].sort(naturalOrder.compare).map((instance) => {
      const entries = methods.map((method): SolveMatrixEntry | null => {
        const perSeed = cellsOf(method).flatMap((cell) =>
          Object.hasOwn(cell.scores, instance)
            ? [{ seed: cell.seed, score: cell.scores[instance] ?? 0 }]
            : [],
        );
        if (perSeed.length === 0) return null;
        return {
          seeds: perSeed.length,
          solved: perSeed.filter((seed) => isSolved(seed.score)).length,
          meanScore: perSeed.reduce((sum, seed) => sum + seed.score, 0) / perSeed.length,
          perSeed,
        };
      });
      return { instance, entries, tokens: rowTokens(methods, entries) };
    });
    return {
      benchmark: group.benchmark,
      taskModel: group.taskModel,
      optimizerModel: group.optimizerModel,
      methods: methods.map((method) => ({
        method,
        seeds: cellsOf(method).map((cell) => cell.seed),
        stoppedSeeds: cellsOf(method)
          .filter((cell) => cell.stopped)
          .map((cell) => cell.seed),
      })),
      rows,
    };
  });
  return matrices.sort(
    (a, b) =>
      rank(data.spec.taskModels, a.taskModel) - rank(data.spec.taskModels, b.taskModel) ||
      rank(data.spec.optimizerModels, a.optimizerModel) -
        rank(data.spec.optimizerModels, b.optimizerModel) ||
      rank(data.spec.benchmarks, a.benchmark) - rank(data.spec.benchmarks, b.benchmark),
  );
}

function rowTokens(
  methods: readonly string[],
  entries: readonly (SolveMatrixEntry | null)[],
): string[] {
  const present = entries.filter((entry): entry is SolveMatrixEntry => entry !== null);
  const tokens: string[] = [];
  if (present.every((entry) => entry.solved === 0)) tokens.push('unsolved');
  if (present.every((entry) => entry.solved === entry.seeds)) tokens.push('solved-by-all');
  const fractions = new Set(present.map((entry) => entry.solved / entry.seeds));
  if (fractions.size > 1) tokens.push('disagree');
  if (methods.length > 1) {
    const solvers = methods.filter((_, index) => (entries[index]?.solved ?? 0) > 0);
    if (solvers.length === 1) tokens.push(`only-${solvers[0]}`);
  }
  return tokens;
}
