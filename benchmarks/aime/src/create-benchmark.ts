import type { Benchmark, BenchmarkOptions } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { createAimeProgram } from './aime-program.js';
import { loadAimeRecords } from './aime-records.js';
import { aimeSignature } from './aime-signature.js';
import { buildAimeSplits } from './build-aime-splits.js';
import { evaluateAime } from './evaluate-aime.js';

/** The paper's (K, E, P) for AIME (B.2). */
export const aimeSynthesis = { attempts: 10, epochs: 3, patience: 15 } as const;

/**
 * The AIME-2025 benchmark: 45 train and 45 validation problems from AIME 2022–2024, the 30 AIME
 * 2025 problems as test, each evaluated three times. No synthesis tools (the paper gives AIME
 * none). Takes no settings.
 */
export function createBenchmark(options: BenchmarkOptions = {}): Benchmark {
  const dataDir = options.dataDir;
  return {
    id: 'aime',
    title: 'AIME-2025',
    signature: aimeSignature,
    program: createAimeProgram(),
    evaluate: evaluateAime,
    async loadSplits() {
      if (dataDir === undefined) {
        throw new InvalidArgumentError({
          argument: 'dataDir',
          message:
            'aime: no data directory given; run `forge data pull aime` and pass its directory',
        });
      }
      return buildAimeSplits(await loadAimeRecords(dataDir));
    },
    synthesisTools: [],
    synthesis: aimeSynthesis,
    testRepeats: 3,
  };
}
