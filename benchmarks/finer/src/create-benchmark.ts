import type { Benchmark, BenchmarkOptions } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { evaluateFiner } from './evaluate-finer.js';
import { createFinerProgram } from './finer-program.js';
import { loadFinerSplit } from './finer-records.js';
import { finerSignature } from './finer-signature.js';
import { finerSynthesisTools } from './finer-tools.js';

/** The paper's (K, E, P) for FiNER-139 (B.2). */
export const finerSynthesis = { attempts: 25, epochs: 4, patience: 15 } as const;

/**
 * The FiNER-139 benchmark: the fixed Meta-Harness train/val/test files (200/100/100) in file
 * order, the JSON-answering tagging program, the case-insensitive tag metric, and the label
 * catalogue as synthesis tools. Takes no settings.
 */
export function createBenchmark(options: BenchmarkOptions = {}): Benchmark {
  const dataDir = options.dataDir;
  return {
    id: 'finer',
    title: 'FiNER-139',
    signature: finerSignature,
    program: createFinerProgram(),
    evaluate: evaluateFiner,
    async loadSplits() {
      if (dataDir === undefined) {
        throw new InvalidArgumentError({
          argument: 'dataDir',
          message:
            'finer: no data directory given; run `forge data pull finer` and pass its directory',
        });
      }
      return {
        train: await loadFinerSplit(dataDir, 'train'),
        validation: await loadFinerSplit(dataDir, 'validation'),
        test: await loadFinerSplit(dataDir, 'test'),
      };
    },
    synthesisTools: finerSynthesisTools,
    synthesis: finerSynthesis,
  };
}
