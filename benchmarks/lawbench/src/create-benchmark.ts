import type { Benchmark, BenchmarkOptions } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { evaluateLawbench } from './evaluate-lawbench.js';
import { createLawbenchProgram } from './lawbench-program.js';
import { loadLawbenchSplit } from './lawbench-records.js';
import { lawbenchSignature } from './lawbench-signature.js';
import { lawbenchSynthesisTools } from './lawbench-tools.js';

/** The paper's (K, E, P) for LawBench (B.2). */
export const lawbenchSynthesis = { attempts: 25, epochs: 4, patience: 15 } as const;

/**
 * The LawBench crime-prediction benchmark: the fixed Meta-Harness / MCE files (200/50/100) in file
 * order, the judging program, unordered exact match of charge sets, and the charge catalogue as
 * synthesis tools. Takes no settings.
 */
export function createBenchmark(options: BenchmarkOptions = {}): Benchmark {
  const dataDir = options.dataDir;
  return {
    id: 'lawbench',
    title: 'LawBench',
    signature: lawbenchSignature,
    program: createLawbenchProgram(),
    evaluate: evaluateLawbench,
    async loadSplits() {
      if (dataDir === undefined) {
        throw new InvalidArgumentError({
          argument: 'dataDir',
          message:
            'lawbench: no data directory given; run `forge data pull lawbench` and pass its directory',
        });
      }
      return {
        train: await loadLawbenchSplit(dataDir, 'train'),
        validation: await loadLawbenchSplit(dataDir, 'validation'),
        test: await loadLawbenchSplit(dataDir, 'test'),
      };
    },
    synthesisTools: lawbenchSynthesisTools,
    synthesis: lawbenchSynthesis,
  };
}
