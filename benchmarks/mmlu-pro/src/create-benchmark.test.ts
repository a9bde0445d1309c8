import { fileURLToPath } from 'node:url';
import { seedPrompts } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { createBenchmark } from './create-benchmark.js';

const fixtures = fileURLToPath(new URL('./__fixtures__', import.meta.url));

describe('createBenchmark', () => {
  it('declares the paper settings', () => {
    const benchmark = createBenchmark({ dataDir: fixtures });
    expect(benchmark.id).toBe('mmlu-pro');
    expect(benchmark.synthesis).toEqual({ attempts: 25, epochs: 4, patience: 15 });
    expect(benchmark.synthesisTools).toEqual([]);
    expect(benchmark.testRepeats).toBeUndefined();
  });

  it('samples the fixtures with seed 0 and keeps the whole validation split', async () => {
    const splits = await createBenchmark({
      dataDir: fixtures,
      settings: { trainSize: 3, testSize: 3 },
    }).loadSplits();
    // CPython 3.11 run of the documented procedure on the fixture's 12 questions.
    expect(splits.train.map((instance) => instance.id)).toEqual([
      'mmlu-pro-10',
      'mmlu-pro-1',
      'mmlu-pro-12',
    ]);
    expect(splits.test.map((instance) => instance.id)).toEqual([
      'mmlu-pro-6',
      'mmlu-pro-5',
      'mmlu-pro-4',
    ]);
    expect(splits.validation).toHaveLength(3);
  });

  it('runs the program end to end on the fixtures with a scripted model', async () => {
    const benchmark = createBenchmark({
      dataDir: fixtures,
      settings: { trainSize: 3, testSize: 3 },
    });
    const splits = await benchmark.loadSplits();
    const model = new MockLanguageModel({
      responses: [
        'A contract under duress can be avoided. The answer is (B).',
        'The smallest prime is 2. **Answer:** C',
        'Force is measured in joules, so the answer is (A).',
      ],
    });
    const prompts = seedPrompts(benchmark.program);
    const results = [];
    for (const instance of splits.test) {
      const execution = await benchmark.program.run(instance, prompts, { model });
      results.push({
        output: execution.output,
        ...(await benchmark.evaluate(instance, execution)),
      });
    }
    expect(results.map((result) => [result.output, result.score])).toEqual([
      [{ answer: 'B' }, 1],
      [{ answer: 'C' }, 1],
      [{ answer: 'A' }, 0],
    ]);
    expect(results[2]?.feedback).toBe(
      `Extracted answer 'A' (rule 1, 'answer is (X)') but the gold answer is 'D' ("Newton").`,
    );
    expect(model.requests[0]?.maxOutputTokens).toBe(8192);
    expect(model.requests[0]?.metadata).toEqual({ role: 'task' });
    expect(model.requests[0]?.messages[0]?.content).toContain(
      'Question: A contract signed under duress',
    );
  });

  it('rejects bad settings and a missing data directory', async () => {
    expect(() => createBenchmark({ settings: { trainSize: -1 } })).toThrow(InvalidArgumentError);
    await expect(createBenchmark().loadSplits()).rejects.toThrow('forge data pull mmlu-pro');
  });
});
