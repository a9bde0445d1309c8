import type { BenchmarkPackage } from '@forge/program';
import { createBenchmark } from './create-benchmark.js';
import { checkData, pullData } from './mmlu-pro-data.js';

/** What `@forge/bench-mmlu-pro` offers the sdk and the CLI. */
export const benchmarkPackage: BenchmarkPackage = { createBenchmark, pullData, checkData };
