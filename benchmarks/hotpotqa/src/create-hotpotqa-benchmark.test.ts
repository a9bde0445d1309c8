import { join } from 'node:path';
import { DatasetError, signatureToJson } from '@forge/program';
import { RetrievalError } from '@forge/retrieval';
import { describe, expect, it } from 'vitest';
import { benchmarkPackage, createBenchmark } from './create-hotpotqa-benchmark.js';

const fixtures = join(import.meta.dirname, '__fixtures__');

describe('createBenchmark', () => {
  it("declares the paper's setup: signature, four modules, (K, E, P) = (25, 4, 15), search_full_wiki", () => {
    const benchmark = createBenchmark({});
    expect(benchmark.id).toBe('hotpotqa');
    expect(signatureToJson(benchmark.signature).output_fields.map((field) => field.name)).toEqual([
      'answer',
      'supporting_facts',
    ]);
    expect(benchmark.program.modules.map((module) => module.name)).toEqual([
      'summarize1',
      'create_query_hop2',
      'summarize2',
      'final_answer',
    ]);
    expect(benchmark.synthesis).toEqual({ attempts: 25, epochs: 4, patience: 15 });
    expect(benchmark.synthesisTools?.map((tool) => tool.name)).toEqual(['search_full_wiki']);
    expect(benchmarkPackage.pullData).toBeTypeOf('function');
  });

  it('splits the fixture file by position (40/40/20) into whole pools when they are small', async () => {
    const splits = await createBenchmark({ dataDir: fixtures }).loadSplits();
    // 12 records: test pool [0, 4), validation [4, 9), train [9, 12).
    expect(splits.test.map((instance) => instance.metadata?.['record'])).toEqual([1, 2, 3, 4]);
    expect(splits.validation).toHaveLength(5);
    expect(splits.train.map((instance) => instance.id)).toEqual([
      'synthetic-comparison-4',
      'synthetic-bridge-5',
      'synthetic-comparison-5',
    ]);
    expect(splits.train[1]).toEqual({
      id: 'synthetic-bridge-5',
      input: {
        question:
          'Which press published the novel written by the author whose editor was Tobin Reyes?',
      },
      gold: {
        answer: 'Hollin Books',
        supporting_facts: [
          'Mira Soto | Mira Soto was edited by Tobin Reyes for many years.',
          'The Ninth Lantern | It was published by Hollin Books.',
        ],
      },
      metadata: { source: 'hotpot_train_v1.1.json', record: 11, type: 'bridge', level: 'medium' },
    });
  });

  it('samples with seed 0 when pools are larger than the requested sizes', async () => {
    const splits = await createBenchmark({
      dataDir: fixtures,
      settings: { splitSizes: { train: 2, validation: 2, test: 2 } },
    }).loadSplits();
    // CPython: random.Random(0).sample(range(4), 2) == [3, 1]; range(5) -> [3, 4]; range(3) -> [1, 2].
    expect(splits.test.map((instance) => instance.metadata?.['record'])).toEqual([4, 2]);
    expect(splits.validation.map((instance) => instance.metadata?.['record'])).toEqual([8, 9]);
    expect(splits.train.map((instance) => instance.metadata?.['record'])).toEqual([11, 12]);
  });

  it('fails clearly without data, with bad settings, and without a retriever', async () => {
    await expect(createBenchmark({}).loadSplits()).rejects.toSatisfy(DatasetError.isInstance);
    expect(() => createBenchmark({ settings: { splitSizes: { train: 0 } } })).toThrow(
      /settings.splitSizes/,
    );
    const tool = createBenchmark({}).synthesisTools?.[0];
    const error = await Promise.resolve(tool?.execute({ query: 'x' }, {})).catch(
      (caught: unknown) => caught,
    );
    expect(RetrievalError.isInstance(error) && error.reason).toBe('not-configured');
  });
});
