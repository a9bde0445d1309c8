import { extractFinalAnswer, seedPrompts } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import {
  createFinerProgram,
  finerModuleName,
  finerReasoningOf,
  renderFinerAnswer,
  renderFinerInput,
} from './finer-program.js';

describe('FiNER demonstrations', () => {
  it('shows demonstrations as JSON answers that extraction reads back', async () => {
    const reply = '{"reasoning": "It is revenue.", "final_answer": "Revenues"}';
    const model = new MockLanguageModel({ responses: [reply] });
    const program = createFinerProgram();
    const demonstration = {
      input: { entity: '12', sentence: 'We paid 12 in tax.' },
      output: { label: 'IncomeTaxExpenseBenefit' },
      reasoning: 'Tax paid.',
    };
    const instance = { id: 'f', input: { entity: '9', sentence: 'Revenue was 9.' }, gold: {} };
    const execution = await program.run(instance, seedPrompts(program), {
      model,
      demos: { [finerModuleName]: [demonstration] },
      recordDemonstrations: true,
    });
    const messages = model.requests[0]?.messages ?? [];
    expect(messages[0]).toEqual({
      role: 'user',
      content: renderFinerInput({ id: 'd', input: demonstration.input, gold: {} }),
    });
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: '{"reasoning":"Tax paid.","final_answer":"IncomeTaxExpenseBenefit"}',
    });
    expect(extractFinalAnswer(renderFinerAnswer(demonstration.output))).toBe(
      'IncomeTaxExpenseBenefit',
    );
    expect(execution.trace[0]?.demonstration).toMatchObject({
      output: { label: 'Revenues' },
      reasoning: 'It is revenue.',
    });
    expect(finerReasoningOf('```json\n{"reasoning": "r", "final_answer": "x"}\n```')).toBe('r');
    expect(finerReasoningOf('Revenues')).toBeUndefined();
  });
});
