import { InvalidArgumentError } from '@forge/provider';
import { afterEach, describe, expect, it } from 'vitest';
import {
  loadBenchmarkPackage,
  optionalBenchmark,
  registerBenchmark,
} from './benchmark-registry.js';

/** What Node's ESM loader throws when a package is not installed. */
function notInstalled(packageName: string): Error {
  return Object.assign(
    new Error(
      `Cannot find package '${packageName}' imported from /app/node_modules/@forge/sdk/dist/benchmarks/benchmark-registry.js`,
    ),
    { code: 'ERR_MODULE_NOT_FOUND' },
  );
}

describe('built-in benchmarks', () => {
  afterEach(() =>
    registerBenchmark(
      'aime',
      optionalBenchmark(
        'aime',
        '@forge/bench-aime',
        async () => (await import('@forge/bench-aime')).benchmarkPackage,
      ),
    ),
  );

  it('load their package on first use', async () => {
    const benchmarkPackage = await loadBenchmarkPackage('aime');
    expect(typeof benchmarkPackage.createBenchmark).toBe('function');
  });

  it('say which package to install when theirs is missing', async () => {
    registerBenchmark(
      'aime',
      optionalBenchmark('aime', '@forge/bench-aime', async () => {
        throw notInstalled('@forge/bench-aime');
      }),
    );
    const error = await loadBenchmarkPackage('aime').catch((caught: unknown) => caught);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as InvalidArgumentError).argument).toBe('benchmark');
    expect((error as Error).message).toBe(
      'benchmark "aime" needs @forge/bench-aime: install its tarball (pnpm pack:all in a Forge checkout prints the npm install line)',
    );
  });
});
