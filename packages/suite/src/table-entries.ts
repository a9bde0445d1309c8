import { isSeedSpread, isSignificant } from './seed-spread.js';
import type { SuiteTable } from './suite-table.js';

/** One entry of a suite table (a mean over seeds) with its statistics, as one tidy row. */
export interface TableEntry {
  /** The table's id (`main-…`, `ablation-…`, `transfer-…`). */
  readonly table: string;
  /** The row: its leading text columns, joined by ` / ` (`HotPotQA`, `HotPotQA / Original`). */
  readonly row: string;
  /** The column's header (a method's label, `Score`). */
  readonly column: string;
  /** Mean over the seeds with a value (%). */
  readonly mean: number;
  /** Sample standard deviation over them; null with fewer than two. */
  readonly sd: number | null;
  /** Seeds with a value. */
  readonly n: number;
  /** Seeds the suite runs (`n < of`: partial). */
  readonly of: number;
  /** Every seed's value (%), null for a seed without one. */
  readonly perSeed: readonly { readonly seed: number; readonly value: number | null }[];
  /** 95% interval bounds (%), null without per-instance scores. */
  readonly ciLow: number | null;
  /** Upper bound. */
  readonly ciHigh: number | null;
  /** Seeds and test instances the interval resampled. */
  readonly ciSeeds: number | null;
  /** Test instances resampled (over every benchmark of an Aggregate). */
  readonly ciInstances: number | null;
  /** The method the entry was tested against, null when untested. */
  readonly against: string | null;
  /** Its arm when not the entry's own (`original`: Table 4's augmented arm tested against it). */
  readonly againstArm: string | null;
  /** Two-sided p-value of the paired test. */
  readonly pValue: number | null;
  /** Shared (seed, test instance) pairs. */
  readonly pairs: number | null;
  /** `exact` or `monte-carlo`. */
  readonly testMethod: string | null;
  /** True when p < 0.05 (the tables' marker). */
  readonly significant: boolean;
}

/** Every spread entry of the tables, in table, row and column order. */
export function tableEntries(tables: readonly SuiteTable[]): TableEntry[] {
  const entries: TableEntry[] = [];
  for (const table of tables) {
    let lastFirst = '';
    for (const row of table.rows) {
      const leading: string[] = [];
      for (const value of row.values) {
        if (typeof value !== 'string') break;
        leading.push(value);
      }
      // A table that names its benchmark once, on its first row (Table 4), names it for all.
      if (leading[0] !== undefined && leading[0] !== '') lastFirst = leading[0];
      else if (leading.length > 0) leading[0] = lastFirst;
      const label = leading.filter((text) => text !== '').join(' / ');
      row.values.forEach((value, index) => {
        if (!isSeedSpread(value)) return;
        entries.push({
          table: table.id,
          row: label,
          column: table.columns[index]?.header ?? '',
          mean: value.mean,
          sd: value.sd,
          n: value.n,
          of: value.of,
          perSeed: value.perSeed,
          ciLow: value.interval?.low ?? null,
          ciHigh: value.interval?.high ?? null,
          ciSeeds: value.interval?.seeds ?? null,
          ciInstances: value.interval?.instances ?? null,
          against: value.comparison?.against ?? null,
          againstArm: value.comparison?.againstArm ?? null,
          pValue: value.comparison?.pValue ?? null,
          pairs: value.comparison?.pairs ?? null,
          testMethod: value.comparison?.method ?? null,
          significant: isSignificant(value),
        });
      });
    }
  }
  return entries;
}
