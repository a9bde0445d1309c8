import type { BenchmarkFactory } from './benchmark.js';

/** Options of `pullData`. */
export interface PullDataOptions {
  /** Directory to write the benchmark's files into (created if missing). */
  readonly dataDir: string;
  /** The fetch implementation (tests inject one that talks to a loopback server). */
  readonly fetch?: typeof globalThis.fetch;
  /**
   * A base URL that replaces the scheme, host and port of every source URL, keeping the path
   * and query: for mirrors, and for tests against a loopback server.
   */
  readonly mirror?: string;
  /** Progress messages, one line each. */
  readonly onProgress?: (message: string) => void;
  /** Cancels the download. */
  readonly abortSignal?: AbortSignal;
}

/** One file's state after a pull or a check. */
export interface DataFileReport {
  /** Path relative to the data directory. */
  readonly path: string;
  /** Records found (lines of a JSONL, elements of a JSON array, rows of a table). */
  readonly records: number;
  /** Records expected, when the official count is known. */
  readonly expected?: number;
  /** True when the file is present, parses, and has the expected count. */
  readonly ok: boolean;
  /** What is wrong, when something is. */
  readonly message?: string;
}

/** The state of a benchmark's data directory. */
export interface DataReport {
  /** Benchmark id. */
  readonly benchmark: string;
  /** The data directory examined. */
  readonly dataDir: string;
  /** One entry per required file. */
  readonly files: readonly DataFileReport[];
  /** True when every file is ok. */
  readonly ok: boolean;
}

/**
 * What a benchmark package (`@forge/bench-*`) exports, so the sdk can load it lazily by id and
 * the CLI can offer `forge data pull|check`.
 */
export interface BenchmarkPackage {
  /** Creates the benchmark. */
  readonly createBenchmark: BenchmarkFactory;
  /** Downloads the official data into `dataDir` and checks the counts (needs internet). */
  readonly pullData?: (options: PullDataOptions) => Promise<DataReport>;
  /** Validates what is in `dataDir` without downloading anything. */
  readonly checkData?: (options: { readonly dataDir: string }) => Promise<DataReport>;
}
