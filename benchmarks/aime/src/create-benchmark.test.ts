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
    expect(benchmark.id).toBe('aime');
    expect(benchmark.synthesis).toEqual({ attempts: 10, epochs: 3, patience: 15 });
    expect(benchmark.testRepeats).toBe(3);
    expect(benchmark.synthesisTools).toEqual([]);
    expect(benchmark.signature.outputFields.map((field) => [field.name, field.type])).toEqual([
      ['answer', 'int'],
    ]);
  });

  it('splits the fixtures as random.Random(0).shuffle does', async () => {
    const splits = await createBenchmark({ dataDir: fixtures }).loadSplits();
    // CPython 3.11: x = [1, 2, 3, 4, 5, 6]; random.Random(0).shuffle(x) -> [5, 3, 2, 1, 6, 4]
    expect(splits.train.map((instance) => instance.id)).toEqual(['aimo-5', 'aimo-3', 'aimo-2']);
    expect(splits.validation.map((instance) => instance.id)).toEqual([
      'aimo-1',
      'aimo-6',
      'aimo-4',
    ]);
    expect(splits.test.map((instance) => instance.id)).toEqual([
      'aime2025-1',
      'aime2025-2',
      'aime2025-3',
    ]);
  });

  it('runs the program end to end on the fixtures with a scripted model', async () => {
    const benchmark = createBenchmark({ dataDir: fixtures });
    const splits = await benchmark.loadSplits();
    const model = new MockLanguageModel({
      responses: [
        'We multiply: 3 * 7 = 21.\n<answer>21</answer>',
        'The next prime is 53, so the answer is \\boxed{53}.',
        'Thus <answer>998</answer>',
      ],
    });
    const prompts = seedPrompts(benchmark.program);
    const scores: number[] = [];
    for (const instance of splits.test) {
      const execution = await benchmark.program.run(instance, prompts, {
        model,
        metadata: { sampleIndex: 0 },
      });
      scores.push((await benchmark.evaluate(instance, execution)).score);
    }
    expect(scores).toEqual([1, 0, 0]);
    const request = model.requests[0];
    expect(request?.system).toBe(prompts['solver']);
    expect(request?.maxOutputTokens).toBe(8192);
    expect(request?.metadata).toEqual({ role: 'task', sampleIndex: 0 });
    expect(request?.messages).toEqual([
      { role: 'user', content: 'Problem:\nSynthetic test problem 1: what is $3 \\cdot 7$?' },
    ]);
  });

  it('asks for a data directory when none was given', async () => {
    await expect(createBenchmark().loadSplits()).rejects.toSatisfy(InvalidArgumentError.isInstance);
  });
});
