import type { Benchmark, BenchmarkOptions } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { loadIfbenchSplits } from '../data/load-ifbench-splits.js';
import { evaluateIfbench } from './ifbench-evaluator.js';
import { createIfbenchProgram } from './ifbench-program.js';
import { IFBENCH_SIGNATURE } from './ifbench-signature.js';
import { IFBENCH_SYNTHESIS_TOOLS } from './synthesis-tools.js';

function numberSetting(settings: BenchmarkOptions['settings'], name: string): number | undefined {
  const value = settings?.[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw new InvalidArgumentError({
      argument: `settings.${name}`,
      message: `ifbench: settings.${name} must be a positive integer, got ${JSON.stringify(value)}`,
    });
  }
  return value;
}

/**
 * Creates the IFBench benchmark: the one-module program, the loose-evaluation metric of IFBench
 * 8a66c06, the paper's splits, the synthesis tools, and (K, E, P) = (25, 4, 15).
 * Settings: `segments` (default 150) and `seed` (default 1) of the training split.
 */
export function createBenchmark(options: BenchmarkOptions): Benchmark {
  const segments = numberSetting(options.settings, 'segments');
  const seed = numberSetting(options.settings, 'seed');
  return {
    id: 'ifbench',
    title: 'IFBench',
    signature: IFBENCH_SIGNATURE,
    program: createIfbenchProgram(),
    evaluate: evaluateIfbench,
    async loadSplits() {
      if (options.dataDir === undefined) {
        throw new InvalidArgumentError({
          argument: 'dataDir',
          message: 'ifbench: no data directory; run `forge data pull ifbench` and pass --data-dir',
        });
      }
      return loadIfbenchSplits({
        dataDir: options.dataDir,
        ...(segments === undefined ? {} : { segments }),
        ...(seed === undefined ? {} : { seed }),
      });
    },
    synthesisTools: IFBENCH_SYNTHESIS_TOOLS,
    synthesis: { attempts: 25, epochs: 4, patience: 15 },
  };
}
