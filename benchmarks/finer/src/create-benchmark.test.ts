import { fileURLToPath } from 'node:url';
import { seedPrompts } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { createBenchmark } from './create-benchmark.js';

const fixtures = fileURLToPath(new URL('./__fixtures__', import.meta.url));

describe('createBenchmark', () => {
  it('declares the paper settings and the label catalogue tools', () => {
    const benchmark = createBenchmark({ dataDir: fixtures });
    expect(benchmark.id).toBe('finer');
    expect(benchmark.synthesis).toEqual({ attempts: 25, epochs: 4, patience: 15 });
    expect(benchmark.synthesisTools?.map((tool) => tool.name)).toEqual([
      'list_finer_labels',
      'lookup_finer_label',
    ]);
    expect(benchmark.signature.inputFields.map((field) => field.name)).toEqual([
      'entity',
      'sentence',
    ]);
  });

  it('keeps the fixed files in file order', async () => {
    const splits = await createBenchmark({ dataDir: fixtures }).loadSplits();
    expect([splits.train.length, splits.validation.length, splits.test.length]).toEqual([3, 2, 2]);
    expect(splits.test.map((instance) => instance.id)).toEqual(['finer-test-1', 'finer-test-2']);
  });

  it('runs the program end to end on the fixtures with a scripted model', async () => {
    const benchmark = createBenchmark({ dataDir: fixtures });
    const splits = await benchmark.loadSplits();
    const model = new MockLanguageModel({
      responses: [
        '{"reasoning": "a spread over a reference rate", "final_answer": "DebtInstrumentBasisSpreadOnVariableRate1"}',
        'Here you go:\n```json\n{"reasoning": "principal", "final_answer": "LongTermDebt"}\n```',
      ],
    });
    const prompts = seedPrompts(benchmark.program);
    const results = [];
    for (const instance of splits.test) {
      const execution = await benchmark.program.run(instance, prompts, { model });
      results.push([execution.output, (await benchmark.evaluate(instance, execution)).score]);
    }
    expect(results).toEqual([
      [{ label: 'DebtInstrumentBasisSpreadOnVariableRate1' }, 1],
      [{ label: 'LongTermDebt' }, 0],
    ]);
    const request = model.requests[0];
    expect(request?.maxOutputTokens).toBe(8192);
    expect(request?.metadata).toEqual({ role: 'task' });
    expect(request?.system).toContain('- LineOfCreditFacilityMaximumBorrowingCapacity');
    expect(request?.messages[0]?.content).toMatch(
      /^Question: What is best tag for entity "2\.00" in sentence: "Borrowings under/,
    );
  });
});
