import type { BenchmarkPackage, DataReport, PullDataOptions } from '@forge/program';
import { checkIfbenchData } from '../data/check-ifbench-data.js';
import { pullIfbenchData } from '../data/pull-ifbench-data.js';
import { createBenchmark } from './create-benchmark.js';

/** Downloads the official IFBench data (test file and GEPA training file) and checks it. */
export function pullData(options: PullDataOptions): Promise<DataReport> {
  return pullIfbenchData(options);
}

/** Validates the IFBench data directory without downloading anything. */
export function checkData(options: { readonly dataDir: string }): Promise<DataReport> {
  return checkIfbenchData(options);
}

/** What `@forge/bench-ifbench` offers the sdk and the CLI. */
export const benchmarkPackage: BenchmarkPackage = { createBenchmark, pullData, checkData };
