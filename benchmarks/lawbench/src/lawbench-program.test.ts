import { seedPrompts } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import {
  createLawbenchProgram,
  lawbenchModuleName,
  lawbenchReasoningOf,
  renderLawbenchAnswer,
} from './lawbench-program.js';
import { parseCharges } from './parse-charges.js';

describe('LawBench demonstrations', () => {
  it('shows demonstrations as judgements whose charges parse back', async () => {
    const model = new MockLanguageModel({ responses: ['被告人秘密窃取财物。\n[罪名]盗窃<eoa>'] });
    const program = createLawbenchProgram();
    const demonstration = {
      input: { fact: '被告人骗取他人钱财并殴打被害人。' },
      output: { charges: ['诈骗', '故意伤害'] },
      reasoning: '骗取钱财，又致人受伤。',
    };
    const execution = await program.run(
      { id: 'l', input: { fact: '被告人窃取手机一部。' }, gold: { charges: ['盗窃'] } },
      seedPrompts(program),
      { model, demos: { [lawbenchModuleName]: [demonstration] }, recordDemonstrations: true },
    );
    const messages = model.requests[0]?.messages ?? [];
    expect(messages[0]).toEqual({
      role: 'user',
      content: '## 案件事实\n被告人骗取他人钱财并殴打被害人。',
    });
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: '骗取钱财，又致人受伤。\n\n[罪名]诈骗;故意伤害<eoa>',
    });
    expect(parseCharges(renderLawbenchAnswer(demonstration.output)).charges).toEqual([
      '诈骗',
      '故意伤害',
    ]);
    expect(execution.trace[0]?.demonstration).toMatchObject({
      output: { charges: ['盗窃'] },
      reasoning: '被告人秘密窃取财物。',
    });
    expect(lawbenchReasoningOf('[罪名]盗窃<eoa>')).toBeUndefined();
  });
});
