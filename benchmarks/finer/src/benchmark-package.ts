import type { BenchmarkPackage } from '@forge/program';
import { createBenchmark } from './create-benchmark.js';
import { checkData, pullData } from './finer-data.js';

/** What `@forge/bench-finer` offers the sdk and the CLI. */
export const benchmarkPackage: BenchmarkPackage = { createBenchmark, pullData, checkData };
