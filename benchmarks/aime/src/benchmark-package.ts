import type { BenchmarkPackage } from '@forge/program';
import { checkData, pullData } from './aime-data.js';
import { createBenchmark } from './create-benchmark.js';

/** What `@forge/bench-aime` offers the sdk and the CLI. */
export const benchmarkPackage: BenchmarkPackage = { createBenchmark, pullData, checkData };
