import type { Benchmark, BenchmarkOptions } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { z } from 'zod';
import { buildMmluProSplits, mmluProSplitSizes } from './build-mmlu-pro-splits.js';
import { evaluateMmluPro } from './evaluate-mmlu-pro.js';
import { createMmluProProgram } from './mmlu-pro-program.js';
import { loadMmluProRecords } from './mmlu-pro-records.js';
import { mmluProSignature } from './mmlu-pro-signature.js';

/** The paper's (K, E, P) for MMLU-Pro (B.2). */
export const mmluProSynthesis = { attempts: 25, epochs: 4, patience: 15 } as const;

const settingsSchema = z.object({
  /** Train instances to sample (default 100). */
  trainSize: z.number().int().positive().optional(),
  /** Test instances to sample (default 100). */
  testSize: z.number().int().positive().optional(),
});

/**
 * The MMLU-Pro benchmark: 100 train and 100 test questions sampled from the official test split,
 * the 70-question official validation split as validation. Settings: `trainSize`, `testSize`
 * (defaults 100) for smaller runs. No synthesis tools (the paper gives MMLU-Pro none).
 */
export function createBenchmark(options: BenchmarkOptions = {}): Benchmark {
  const parsed = settingsSchema.safeParse(options.settings ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidArgumentError({
      argument: `settings.${issue?.path.join('.') ?? ''}`,
      message: `mmlu-pro: settings.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
    });
  }
  const sizes = {
    train: parsed.data.trainSize ?? mmluProSplitSizes.train,
    test: parsed.data.testSize ?? mmluProSplitSizes.test,
    seed: mmluProSplitSizes.seed,
  };
  const dataDir = options.dataDir;
  return {
    id: 'mmlu-pro',
    title: 'MMLU-Pro',
    signature: mmluProSignature,
    program: createMmluProProgram(),
    evaluate: evaluateMmluPro,
    async loadSplits() {
      if (dataDir === undefined) {
        throw new InvalidArgumentError({
          argument: 'dataDir',
          message:
            'mmlu-pro: no data directory given; run `forge data pull mmlu-pro` and pass its directory',
        });
      }
      return buildMmluProSplits(await loadMmluProRecords(dataDir), sizes);
    },
    synthesisTools: [],
    synthesis: mmluProSynthesis,
  };
}
