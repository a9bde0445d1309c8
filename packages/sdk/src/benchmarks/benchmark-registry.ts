import type { BenchmarkPackage } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { importOptional } from '../optional/optional-package.js';

/** Loads a benchmark package when it is first used. */
export type BenchmarkLoader = () => Promise<BenchmarkPackage>;

/**
 * The loader of a built-in benchmark that lives in its own package (an optional peer dependency
 * of the sdk): a package that is not installed fails with `benchmark "<id>" needs <package>:
 * npm install <package>` (an `InvalidArgumentError`, exit 2 in the CLI).
 */
export function optionalBenchmark(
  id: string,
  packageName: string,
  load: BenchmarkLoader,
): BenchmarkLoader {
  return () =>
    importOptional({ purpose: `benchmark "${id}"`, packageName, argument: 'benchmark' }, load);
}

// Which package holds each built-in benchmark (its version is recorded with every suite cell).
const packages = new Map<string, string>();

// Built-in benchmarks are imported lazily: `forge optimize --benchmark aime` never loads the
// retrieval index code of HotPotQA, and a package that is not installed fails only when used.
const loaders = new Map<string, BenchmarkLoader>(
  (
    [
      ['sim', '@forge/sim', async () => (await import('@forge/sim')).simBenchmarkPackage],
      [
        'hotpotqa',
        '@forge/bench-hotpotqa',
        async () => (await import('@forge/bench-hotpotqa')).benchmarkPackage,
      ],
      [
        'hover',
        '@forge/bench-hover',
        async () => (await import('@forge/bench-hover')).benchmarkPackage,
      ],
      [
        'ifbench',
        '@forge/bench-ifbench',
        async () => (await import('@forge/bench-ifbench')).benchmarkPackage,
      ],
      [
        'finer',
        '@forge/bench-finer',
        async () => (await import('@forge/bench-finer')).benchmarkPackage,
      ],
      [
        'lawbench',
        '@forge/bench-lawbench',
        async () => (await import('@forge/bench-lawbench')).benchmarkPackage,
      ],
      [
        'aime',
        '@forge/bench-aime',
        async () => (await import('@forge/bench-aime')).benchmarkPackage,
      ],
      [
        'mmlu-pro',
        '@forge/bench-mmlu-pro',
        async () => (await import('@forge/bench-mmlu-pro')).benchmarkPackage,
      ],
      [
        'appworld',
        '@forge/bench-appworld',
        async () => (await import('@forge/bench-appworld')).benchmarkPackage,
      ],
    ] as const
  ).map(([id, packageName, load]) => {
    packages.set(id, packageName);
    return [id, optionalBenchmark(id, packageName, load)];
  }),
);

/** Registers a benchmark under an id (replacing a built-in of the same id). */
export function registerBenchmark(id: string, benchmark: BenchmarkPackage | BenchmarkLoader): void {
  loaders.set(id, typeof benchmark === 'function' ? benchmark : async () => benchmark);
  packages.delete(id);
}

/** The package of a built-in benchmark; undefined for one registered by the user. */
export function benchmarkPackageName(id: string): string | undefined {
  return packages.get(id);
}

/** The ids of every registered benchmark. */
export function benchmarkIds(): string[] {
  return [...loaders.keys()];
}

/** The package registered under `id`. @throws InvalidArgumentError naming the known ids. */
export async function loadBenchmarkPackage(id: string): Promise<BenchmarkPackage> {
  const loader = loaders.get(id);
  if (loader === undefined) {
    throw new InvalidArgumentError({
      argument: 'benchmark',
      message: `benchmark: unknown benchmark "${id}" (known: ${benchmarkIds().join(', ')}; or give --program <module> for your own)`,
    });
  }
  return loader();
}
