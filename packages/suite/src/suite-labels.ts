/** Display names for tables and reports; ids are used where a name is missing. */
export interface SuiteLabels {
  /** Method titles by id (`forge` → `Forge`, `gepa-merge` → `GEPA+merge`). */
  readonly methods?: Readonly<Record<string, string>>;
  /** Benchmark titles by id (`hotpotqa` → `HotPotQA`). */
  readonly benchmarks?: Readonly<Record<string, string>>;
  /**
   * The `profile` of every method that ran with one other than its default, by id (`ace` →
   * `reference`); a method absent here ran with its default profile, or has none.
   */
  readonly profiles?: Readonly<Record<string, string>>;
}

/**
 * A method's display name in every table, figure legend and export: its title, followed by its
 * profile in parentheses when it ran with a non-default one (`ACE (reference)`), so a reader
 * never takes a run of a reference implementation's behaviour for the paper's method.
 */
export function methodLabel(labels: SuiteLabels | undefined, method: string): string {
  const title = ownEntry(labels?.methods, method) ?? method;
  const profile = ownEntry(labels?.profiles, method);
  return profile === undefined ? title : `${title} (${profile})`;
}

/** A benchmark's display name. */
export function benchmarkLabel(labels: SuiteLabels | undefined, benchmark: string): string {
  return ownEntry(labels?.benchmarks, benchmark) ?? benchmark;
}

// Ids come from a suite file: `constructor` must not read Object.prototype's.
function ownEntry(
  record: Readonly<Record<string, string>> | undefined,
  key: string,
): string | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}
