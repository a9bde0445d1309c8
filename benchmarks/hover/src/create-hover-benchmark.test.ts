import { join } from 'node:path';
import { DatasetError, signatureToJson } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { benchmarkPackage, createBenchmark } from './create-hover-benchmark.js';

const fixtures = join(import.meta.dirname, '__fixtures__');
const records = (instances: readonly { metadata?: Readonly<Record<string, unknown>> }[]) =>
  instances.map((instance) => instance.metadata?.['record']);

describe('createBenchmark', () => {
  it("declares the paper's setup: claim → supporting titles, four modules, (25, 4, 15)", () => {
    const benchmark = createBenchmark({});
    expect(signatureToJson(benchmark.signature)).toMatchObject({
      input_fields: [{ name: 'claim', type: 'str' }],
      output_fields: [{ name: 'supporting_titles', type: 'list[str]' }],
    });
    expect(benchmark.program.modules.map((module) => module.name)).toEqual([
      'summarize1',
      'create_query_hop2',
      'summarize2',
      'create_query_hop3',
    ]);
    expect(benchmark.synthesis).toEqual({ attempts: 25, epochs: 4, patience: 15 });
    expect(benchmark.synthesisTools?.map((tool) => tool.name)).toEqual(['search_full_wiki']);
    expect(benchmarkPackage.checkData).toBeTypeOf('function');
  });

  it('samples each hop group with seeds 0 (train) and 1 (validation, test), as CPython does', async () => {
    const splits = await createBenchmark({
      dataDir: fixtures,
      settings: { splitSizes: { train: 3, validation: 3, test: 3 } },
    }).loadSplits();
    expect(records(splits.train)).toEqual([2, 5, 7]);
    expect(records(splits.validation)).toEqual([2, 4, 7]);
    expect(records(splits.test)).toEqual([11, 5, 8]);
    expect(splits.train.map((instance) => instance.metadata?.['hops'])).toEqual([2, 3, 4]);
    expect(splits.validation[0]).toMatchObject({
      input: { claim: expect.any(String) },
      metadata: { source: 'hover_dev_release_v1.1.json', label: 'NOT_SUPPORTED', hops: 2 },
    });
  });

  it('uses whole hop groups when the files are smaller than the sizes', async () => {
    const splits = await createBenchmark({ dataDir: fixtures }).loadSplits();
    expect(records(splits.train)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(splits.validation).toHaveLength(12);
    expect(splits.test).toHaveLength(0);
  });

  it('fails clearly without a data directory or with bad sizes', async () => {
    await expect(createBenchmark({}).loadSplits()).rejects.toSatisfy(DatasetError.isInstance);
    expect(() => createBenchmark({ settings: { splitSizes: 5 } })).toThrow(/settings.splitSizes/);
  });
});
