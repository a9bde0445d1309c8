/** Display names for tables and reports; ids are used where a name is missing. */
export interface SuiteLabels {
  /** Method titles by id (`forge` → `Forge`, `gepa-merge` → `GEPA+merge`). */
  readonly methods?: Readonly<Record<string, string>>;
  /** Benchmark titles by id (`hotpotqa` → `HotPotQA`). */
  readonly benchmarks?: Readonly<Record<string, string>>;
}

/** A method's display name. */
export function methodLabel(labels: SuiteLabels | undefined, method: string): string {
  return labels?.methods?.[method] ?? method;
}

/** A benchmark's display name. */
export function benchmarkLabel(labels: SuiteLabels | undefined, benchmark: string): string {
  return labels?.benchmarks?.[benchmark] ?? benchmark;
}
