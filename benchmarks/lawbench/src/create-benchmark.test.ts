import { fileURLToPath } from 'node:url';
import { seedPrompts } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { createBenchmark } from './create-benchmark.js';

const fixtures = fileURLToPath(new URL('./__fixtures__', import.meta.url));

describe('createBenchmark', () => {
  it('declares the paper settings and the charge catalogue tools', () => {
    const benchmark = createBenchmark({ dataDir: fixtures });
    expect(benchmark.id).toBe('lawbench');
    expect(benchmark.synthesis).toEqual({ attempts: 25, epochs: 4, patience: 15 });
    expect(benchmark.synthesisTools?.map((tool) => tool.name)).toEqual([
      'list_charges',
      'search_charges',
    ]);
    expect(benchmark.signature.outputFields).toMatchObject([
      { name: 'charges', type: 'list[str]' },
    ]);
  });

  it('keeps the fixed files in file order', async () => {
    const splits = await createBenchmark({ dataDir: fixtures }).loadSplits();
    expect([splits.train.length, splits.validation.length, splits.test.length]).toEqual([3, 2, 2]);
    expect(splits.validation.map((instance) => instance.id)).toEqual([
      'lawbench-val-1',
      'lawbench-val-2',
    ]);
  });

  it('runs the program end to end on the fixtures with a scripted model', async () => {
    const benchmark = createBenchmark({ dataDir: fixtures });
    const splits = await benchmark.loadSplits();
    const model = new MockLanguageModel({
      responses: [
        '被告人违反交通运输管理法规，致一人死亡。\n[罪名]交通肇事<eoa>',
        '被告人偷逃税款并向海关人员送钱。[罪名]走私普通货物、物品、行贿<eoa>',
      ],
    });
    const prompts = seedPrompts(benchmark.program);
    const results = [];
    for (const instance of splits.test) {
      const execution = await benchmark.program.run(instance, prompts, { model });
      results.push([execution.output, (await benchmark.evaluate(instance, execution)).score]);
    }
    expect(results).toEqual([
      [{ charges: ['交通肇事'] }, 1],
      [{ charges: ['走私普通货物', '物品', '行贿'] }, 0],
    ]);
    const request = model.requests[0];
    expect(request?.maxOutputTokens).toBe(8192);
    expect(request?.metadata).toEqual({ role: 'task' });
    expect(request?.system).toContain('[罪名]盗窃;诈骗<eoa>');
    expect(request?.messages[0]?.content).toMatch(/^## 案件事实\n事实:被告人吴某/);
  });
});
