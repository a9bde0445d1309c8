import type { BenchmarkPackage } from '@forge/program';
import { createBenchmark } from './create-benchmark.js';
import { checkData, pullData } from './lawbench-data.js';

/** What `@forge/bench-lawbench` offers the sdk and the CLI. */
export const benchmarkPackage: BenchmarkPackage = { createBenchmark, pullData, checkData };
