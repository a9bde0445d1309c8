import { benchmarkPackageName } from '../benchmarks/benchmark-registry.js';
import { methodPackageName } from '../methods/method-registry.js';
import { packageVersion } from '../optional/package-version.js';

/**
 * The versions of the packages that produced a cell, by package name: Forge (`@forge/sdk`),
 * the method's package and the benchmark's, when they are Forge's own (a method or benchmark
 * registered by the user, or a program module, has no package to name).
 */
export function cellVersions(options: {
  /** The method id. */
  readonly method: string;
  /** The benchmark id. */
  readonly benchmark: string;
  /** True when the benchmark is the user's program or object, not the registry's package. */
  readonly ownBenchmark: boolean;
}): Record<string, string> {
  const names = [
    '@forge/sdk',
    methodPackageName(options.method),
    options.ownBenchmark ? undefined : benchmarkPackageName(options.benchmark),
  ];
  const versions: Record<string, string> = {};
  for (const name of names) {
    if (name === undefined || Object.hasOwn(versions, name)) continue;
    const version = packageVersion(name);
    if (version !== undefined) versions[name] = version;
  }
  return versions;
}
