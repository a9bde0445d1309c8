import { appendFileSync, copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { benchmarkPackage } from './benchmark-package.js';
import { createBenchmark } from './create-benchmark.js';

function fixtureDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'ifbench-splits-'));
  const fixture = (name: string) => new URL(`../__fixtures__/${name}`, import.meta.url).pathname;
  copyFileSync(fixture('ifbench-test-sample.jsonl'), join(dataDir, 'IFBench_test.jsonl'));
  copyFileSync(fixture('train-sample.jsonl'), join(dataDir, 'IFBench_train.jsonl'));
  return dataDir;
}

describe('createBenchmark', () => {
  it("declares the program, signature, tools and the paper's (K, E, P)", () => {
    const benchmark = createBenchmark({});
    expect(benchmark.id).toBe('ifbench');
    expect(benchmark.synthesis).toEqual({ attempts: 25, epochs: 4, patience: 15 });
    expect(benchmark.program.modules.map((module) => module.name)).toEqual(['respond']);
    expect(benchmark.signature.inputFields.map((field) => field.name)).toEqual(['prompt']);
    expect(benchmark.signature.outputFields.map((field) => [field.name, field.type])).toEqual([
      ['instruction_id_list', 'list[str]'],
      ['kwargs', 'str'],
    ]);
    expect(benchmark.synthesisTools?.map((tool) => tool.name)).toEqual([
      'list_instructions',
      'describe_constraints',
      'check_response',
    ]);
    expect(benchmarkPackage.createBenchmark).toBe(createBenchmark);
  });

  it('samples one train and one validation row per segment and keeps every test row', async () => {
    const benchmark = createBenchmark({ dataDir: fixtureDataDir(), settings: { segments: 5 } });
    const splits = await benchmark.loadSplits();
    expect(splits.test).toHaveLength(5);
    expect(splits.train).toHaveLength(5);
    expect(splits.validation).toHaveLength(5);
    // Segments of two rows: each contributes both of its rows, one to each split.
    const lines = (instances: typeof splits.train) =>
      instances.map((instance) => instance.metadata?.['line']);
    const pairs = lines(splits.train).map((line, index) =>
      [line, lines(splits.validation)[index]].sort(),
    );
    expect(pairs).toEqual(
      [
        [1, 2],
        [3, 4],
        [5, 6],
        [7, 8],
        [10, 9],
      ].map((pair) => pair.sort()),
    );
    expect(splits.test[1]).toMatchObject({
      id: 'ifbench-test-100',
      input: { prompt: expect.stringContaining('yes/no/maybe') },
      gold: { instruction_id_list: ['format:options'], kwargs: '[{"options":"yes/no/maybe"}]' },
    });
    const instance = splits.test[1];
    if (instance === undefined) throw new Error('missing test instance');
    const score = await benchmark.evaluate(instance, { output: { response: 'Maybe' }, trace: [] });
    expect(score.score).toBe(1);
  });

  it('rejects a training row whose constraints cannot be built only when it is sampled', async () => {
    const dataDir = fixtureDataDir();
    const bad = {
      key: 11,
      prompt: 'p',
      instruction_id_list: ['count:numbers'],
      kwargs: [{ N: null }],
    };
    appendFileSync(join(dataDir, 'IFBench_train.jsonl'), `${JSON.stringify(bad)}\n`);
    // 11 rows in 5 segments: the first segment has 3 rows, so row 11 sits in the last segment
    // of two rows and is always sampled.
    await expect(
      createBenchmark({ dataDir, settings: { segments: 5 } }).loadSplits(),
    ).rejects.toThrow(
      /IFBench_train\.jsonl, line 11, field "kwargs\.0": count:numbers, kwarg "N": is missing/,
    );
    appendFileSync(
      join(dataDir, 'IFBench_train.jsonl'),
      `${JSON.stringify({ ...bad, key: 12, kwargs: [{ N: 1 }] })}\n`,
    );
    // One segment of 12 rows; with seed 3 the two sampled rows are not line 11.
    const splits = await createBenchmark({
      dataDir,
      settings: { segments: 1, seed: 3 },
    }).loadSplits();
    expect(splits.train).toHaveLength(1);
    expect([
      splits.train[0]?.metadata?.['line'],
      splits.validation[0]?.metadata?.['line'],
    ]).not.toContain(11);
  });

  it('is deterministic and rejects bad settings and a missing data directory', async () => {
    const dataDir = fixtureDataDir();
    const first = await createBenchmark({ dataDir, settings: { segments: 5 } }).loadSplits();
    const second = await createBenchmark({ dataDir, settings: { segments: 5 } }).loadSplits();
    expect(first.train.map((instance) => instance.id)).toEqual(
      second.train.map((instance) => instance.id),
    );
    expect(() => createBenchmark({ settings: { segments: 0 } })).toThrow(InvalidArgumentError);
    await expect(createBenchmark({}).loadSplits()).rejects.toThrow(/forge data pull ifbench/);
  });
});
