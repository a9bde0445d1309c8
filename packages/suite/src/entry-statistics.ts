import { createRandom } from '@forge/program';
import {
  type BootstrapStreams,
  bootstrapInterval,
  defaultBootstrapDraws,
  type ScoreMatrix,
  stratumDraws,
} from './bootstrap-interval.js';
import { type CellGroup, groupCell, tableValue } from './cell-scores.js';
import {
  defaultPermutationDraws,
  type PairedDifference,
  pairedPermutationTest,
} from './paired-permutation-test.js';
import {
  type ConfidenceInterval,
  isSeedSpread,
  type PairedComparison,
  type SeedSpread,
  significanceLevel,
  significanceMarker,
} from './seed-spread.js';
import { StatisticsMemo } from './statistics-memo.js';
import type { SuiteCellResult } from './suite-cell-result.js';

/**
 * Each cell's selected candidate on the test split, instance by instance, by cell id: test
 * instance id → score in [0, 1] (the mean over its repeats, AIME's three). Read from the cells'
 * run databases; `results.json` holds only their means.
 */
export type CellInstanceScores = Readonly<Record<string, Readonly<Record<string, number>>>>;

/**
 * The 95% interval of an entry averaging `groups` (one benchmark, or every benchmark of an
 * Aggregate) over the seeds where each group's cell has a value — the seeds of its mean — by
 * `bootstrapInterval` over their per-instance test scores. Null when any of those cells has no
 * per-instance scores or they cover different instances: the interval would not be of the mean
 * the table prints.
 */
export function entryInterval(options: {
  readonly cells: readonly SuiteCellResult[];
  readonly groups: readonly CellGroup[];
  readonly seeds: readonly number[];
  readonly instanceScores: CellInstanceScores;
  /** Remembers each benchmark's draws, so an Aggregate and later renders reuse them. */
  readonly memo?: StatisticsMemo;
}): ConfidenceInterval | null {
  const { cells, groups, instanceScores } = options;
  const seeds = options.seeds.filter((seed) =>
    groups.every((group) => valueCell(cells, group, seed) !== undefined),
  );
  if (seeds.length === 0 || groups.length === 0) return null;
  const strata: ScoreMatrix[] = [];
  let instances = 0;
  for (const group of groups) {
    const scores = seeds.map((seed) => scoresOf(instanceScores, valueCell(cells, group, seed)));
    const ids = scores[0] === undefined ? [] : Object.keys(scores[0]).sort();
    if (ids.length === 0) return null;
    const sameInstances = scores.every(
      (row) => row !== undefined && sameKeys(Object.keys(row), ids),
    );
    if (!sameInstances) return null;
    strata.push({ rows: scores.map((row) => ids.map((id) => row?.[id] as number)) });
    instances += ids.length;
  }
  // One seed stream per method and model pair, so a benchmark's draws are the same whether it
  // stands alone or in the Aggregate; one instance stream per benchmark.
  const [first] = groups as [CellGroup];
  const streams: BootstrapStreams = {
    seeds: () =>
      createRandom(
        'suite-statistics',
        'seeds',
        first.method,
        first.taskModel,
        first.optimizerModel,
        first.arm,
      ),
    instances: (stratum) =>
      createRandom('suite-statistics', 'instances', ...groupKey(groups[stratum] as CellGroup)),
  };
  const memo = options.memo ?? new StatisticsMemo();
  const known = strata.map((matrix, index) =>
    // The key holds all the draws depend on: the group (its streams), seeds and scores.
    memo.remember(
      JSON.stringify(['draws', groupKey(groups[index] as CellGroup), seeds, matrix.rows]),
      () =>
        stratumDraws(matrix, {
          seeds: streams.seeds(),
          instances: streams.instances(index),
          draws: defaultBootstrapDraws,
        }),
    ),
  );
  const interval = bootstrapInterval(strata, {
    streams,
    known: (index) => known[index] ?? undefined,
  });
  if (interval === null) return null;
  return {
    low: interval.low * 100,
    high: interval.high * 100,
    level: interval.level,
    method: 'bootstrap-seeds-instances',
    draws: interval.draws,
    seeds: seeds.length,
    instances,
  };
}

/**
 * The paired test of an entry against the same entry of another method (`against`): per
 * benchmark, every (seed, test instance) both cells scored, the difference of their scores,
 * weighted so each benchmark counts equally (as in an Aggregate) and each pair equally within
 * it; then `pairedPermutationTest`. Null when no pair is shared.
 */
export function entryComparison(options: {
  readonly cells: readonly SuiteCellResult[];
  readonly groups: readonly CellGroup[];
  readonly against: readonly CellGroup[];
  readonly seeds: readonly number[];
  readonly instanceScores: CellInstanceScores;
  /** Remembers tests across renders. */
  readonly memo?: StatisticsMemo;
}): PairedComparison | null {
  const { cells, groups, instanceScores } = options;
  const perBenchmark = groups.map((group, index) => {
    const other = options.against[index];
    const differences: number[] = [];
    if (other === undefined) return differences;
    for (const seed of options.seeds) {
      const mine = scoresOf(instanceScores, valueCell(cells, group, seed));
      const theirs = scoresOf(instanceScores, valueCell(cells, other, seed));
      if (mine === undefined || theirs === undefined) continue;
      for (const id of Object.keys(mine).sort()) {
        const reference = theirs[id];
        if (reference !== undefined) differences.push((mine[id] as number) - reference);
      }
    }
    return differences;
  });
  const benchmarks = perBenchmark.filter((differences) => differences.length > 0).length;
  const pairs: PairedDifference[] = perBenchmark.flatMap((differences) =>
    differences.map((difference) => ({
      difference,
      weight: 1 / (benchmarks * differences.length),
    })),
  );
  const against = options.against[0];
  if (against === undefined) return null;
  const streamPath = [...groups.flatMap(groupKey), ...options.against.flatMap(groupKey)];
  const test = (options.memo ?? new StatisticsMemo()).remember(
    JSON.stringify(['test', streamPath, pairs]),
    () =>
      pairedPermutationTest(pairs, {
        random: createRandom('suite-statistics', 'comparison', ...streamPath),
      }),
  );
  if (test === null) return null;
  const arm = groups[0]?.arm;
  return {
    against: against.method,
    ...(arm !== undefined && against.arm !== arm ? { againstArm: against.arm } : {}),
    pValue: test.pValue,
    pairs: test.pairs,
    method: test.method,
    ...(test.draws === undefined ? {} : { draws: test.draws }),
  };
}

/** The group's cell for a seed when it has a table value (it is done with a test score). */
function valueCell(
  cells: readonly SuiteCellResult[],
  group: CellGroup,
  seed: number,
): SuiteCellResult | undefined {
  const cell = groupCell(cells, group, seed);
  return cell !== undefined && tableValue(cell) !== null ? cell : undefined;
}

/**
 * A cell's per-instance test scores, when they are of the candidate its `bestTest` reports:
 * their mean must equal it (else they belong to another candidate, and would test another mean).
 */
function scoresOf(
  instanceScores: CellInstanceScores,
  cell: SuiteCellResult | undefined,
): Readonly<Record<string, number>> | undefined {
  if (cell === undefined || cell.bestTest === null || !Object.hasOwn(instanceScores, cell.id))
    return undefined;
  const scores = instanceScores[cell.id];
  const values = scores === undefined ? [] : Object.values(scores);
  if (values.length === 0) return undefined;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.abs(mean - cell.bestTest) <= 1e-9 ? scores : undefined;
}

function sameKeys(keys: readonly string[], sorted: readonly string[]): boolean {
  if (keys.length !== sorted.length) return false;
  const set = new Set(keys);
  return sorted.every((key) => set.has(key));
}

function groupKey(group: CellGroup): string[] {
  return [group.benchmark, group.method, group.taskModel, group.optimizerModel, group.arm];
}

/**
 * A spread with its statistics attached: the 95% interval (`entryInterval`) and, given the
 * reference's groups, the paired test against them (`entryComparison`), each when computable.
 */
export function withStatistics(
  spread: SeedSpread,
  options: {
    readonly cells: readonly SuiteCellResult[];
    readonly groups: readonly CellGroup[];
    readonly against?: readonly CellGroup[];
    readonly seeds: readonly number[];
    readonly instanceScores: CellInstanceScores;
    readonly memo?: StatisticsMemo;
  },
): SeedSpread {
  const interval = entryInterval(options);
  const comparison =
    options.against === undefined
      ? null
      : entryComparison({ ...options, against: options.against });
  return {
    ...spread,
    ...(interval === null ? {} : { interval }),
    ...(comparison === null ? {} : { comparison }),
  };
}

/**
 * A benchmark's test-set size over the given groups' scored cells: the number of test instances,
 * `30–40` when cells were scored on different numbers, null when none has per-instance scores.
 */
export function testSetSize(
  cells: readonly SuiteCellResult[],
  groups: readonly CellGroup[],
  seeds: readonly number[],
  instanceScores: CellInstanceScores,
): number | string | null {
  const sizes = new Set<number>();
  for (const group of groups) {
    for (const seed of seeds) {
      const scores = scoresOf(instanceScores, valueCell(cells, group, seed));
      if (scores !== undefined) sizes.add(Object.keys(scores).length);
    }
  }
  if (sizes.size === 0) return null;
  const smallest = Math.min(...sizes);
  const largest = Math.max(...sizes);
  return smallest === largest ? smallest : `${smallest}–${largest}`;
}

/**
 * The notes under a table with statistics: how its intervals were computed (and what they leave
 * out with few seeds), what the significance marker means, and why an entry may lack either.
 */
export function statisticsNotes(options: {
  readonly seeds: number;
  /** What entries are tested against, as the legend says it (`against Forge`, `against the row above`). */
  readonly against?: string;
  /** Every value of the table. */
  readonly rows: readonly unknown[];
}): string[] {
  const spreads = options.rows.filter(isSeedSpread);
  const notes: string[] = [];
  if (spreads.some((spread) => spread.interval !== undefined)) {
    const caveat =
      options.seeds === 1
        ? '; with one seed it covers test-set sampling only, not the variation between optimization runs'
        : options.seeds <= 3
          ? `; with ${options.seeds} seeds the resampling of seeds is coarse`
          : '';
    notes.push(
      `95% confidence intervals: percentile bootstrap resampling seeds and test instances together (${defaultBootstrapDraws.toLocaleString('en-US')} draws) from each cell's per-instance test scores${caveat}. Intervals are in the CSV and the HTML report.`,
    );
  }
  if (options.against !== undefined && spreads.some((spread) => spread.comparison !== undefined)) {
    notes.push(
      `${significanceMarker} p < ${significanceLevel} ${options.against}: two-sided paired sign-flip permutation test over the (seed, test instance) pairs both cells scored (exact where countable, else ${defaultPermutationDraws.toLocaleString('en-US')} random sign assignments), not corrected for multiple comparisons. p-values and pair counts are in the CSV and the HTML report.`,
    );
  }
  if (spreads.some((spread) => spread.interval === undefined)) {
    if (notes.length > 0)
      notes.push(
        'An entry without an interval lacks per-instance test scores for some of its cells (no run database, or no test split).',
      );
  }
  return notes;
}
