/** One data file of the benchmark, where it comes from, and what it must hold. */
export interface IfbenchDataFile {
  /** File name inside the data directory. */
  readonly path: string;
  /** Public raw URL, pinned to a commit. */
  readonly url: string;
  /** Number of JSONL records. */
  readonly records: number;
  /** Git blob id (SHA-1 of "blob <size>\0" + bytes) of the pinned file, to verify downloads. */
  readonly gitBlobSha1?: string;
  /** SHA-256 of the bytes, when known. */
  readonly sha256?: string;
}

/** The official test file at IFBench 8a66c06: 294 prompts, 335 constraints, 57 distinct ids. */
export const TEST_FILE: IfbenchDataFile = {
  path: 'IFBench_test.jsonl',
  url: 'https://raw.githubusercontent.com/allenai/IFBench/8a66c069755e98b8d0871829751da9fd7b6ce8f0/data/IFBench_test.jsonl',
  records: 294,
  gitBlobSha1: '1ba17107c6e8fc0cfaf4e11fa4d73486223b894a',
  sha256: '11c3d683dcc7f4908a4d3cacd05c9a8bbd5484af2f8fde969e7abe2b8bad3e34',
};

/** The training file the GEPA artifact bundles (IFEval-style constraints): 14,971 rows. */
export const TRAIN_FILE: IfbenchDataFile = {
  path: 'IFBench_train.jsonl',
  url: 'https://raw.githubusercontent.com/gepa-ai/gepa-artifact/0a4d0e3fea13474f7b7b452b9fa26bc9884b8c7e/gepa_artifact/benchmarks/IFBench/data/IFBench_train.jsonl',
  records: 14_971,
  gitBlobSha1: 'e93fdcb8bb891db9d790c361b5049920cba5a470',
};

/** Both files, test first. */
export const IFBENCH_FILES: readonly IfbenchDataFile[] = [TEST_FILE, TRAIN_FILE];
