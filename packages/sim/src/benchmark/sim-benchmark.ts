import {
  type Benchmark,
  type BenchmarkOptions,
  type BenchmarkPackage,
  defineSignature,
  type Signature,
} from '@forge/program';
import { dateProgram } from '../program/date-program.js';
import { evaluateDate } from '../program/evaluate-date.js';
import { type ResolvedSimOptions, resolveSimOptions, type SimOptions } from '../sim-options.js';
import { generateSplits } from '../world/generate-splits.js';
import { checkDateTool } from './check-date-tool.js';

/** Benchmark id of the simulated world. */
export const simBenchmarkId = 'sim';

/** Title of the simulated benchmark; it says "simulated" so no report can mistake it. */
export const simBenchmarkTitle = 'Date normalisation (simulated)';

/** The task signature: one text in, one ISO date out. */
export const dateSignature: Signature = defineSignature({
  name: 'DateNormalisationSim',
  inputFields: [
    {
      name: 'text',
      type: 'str',
      description:
        'A short English sentence mentioning one calendar date, possibly with other numbers.',
    },
  ],
  outputFields: [
    { name: 'date', type: 'str', description: 'The date in ISO 8601 form, YYYY-MM-DD.' },
  ],
});

/** Creates the simulated date-normalisation benchmark; splits are generated from the seed. */
export function createSimBenchmark(options: SimOptions | ResolvedSimOptions = {}): Benchmark {
  const resolved = 'simulated' in options ? options : resolveSimOptions(options);
  return {
    id: simBenchmarkId,
    title: simBenchmarkTitle,
    signature: dateSignature,
    program: dateProgram,
    evaluate: evaluateDate,
    loadSplits: async () => generateSplits(resolved.seed, resolved.sizes),
    synthesisTools: [checkDateTool],
    synthesis: resolved.synthesis,
  };
}

/**
 * The benchmark package, for the sdk's registry (benchmark id `sim`). Its settings are the
 * world's knobs (`SimOptions`); it has no data files to pull or check.
 */
export const simBenchmarkPackage: BenchmarkPackage = {
  createBenchmark: (options: BenchmarkOptions) =>
    createSimBenchmark((options.settings ?? {}) as SimOptions),
};
