import { seedPrompts } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import {
  aimeModuleName,
  aimeReasoningOf,
  createAimeProgram,
  parseAimeResponse,
  renderAimeAnswer,
} from './aime-program.js';

describe('parseAimeResponse', () => {
  it('takes the last answer block as written', () => {
    expect(parseAimeResponse('Try <answer>12</answer>, no: <answer> 13 </answer>')).toEqual({
      answer: ' 13 ',
    });
    expect(parseAimeResponse('<ANSWER>\\boxed{7}</ANSWER>')).toEqual({ answer: '\\boxed{7}' });
  });

  it('accepts a response that is only an integer', () => {
    expect(parseAimeResponse(' 042\n')).toEqual({ answer: ' 042\n' });
  });

  it('finds no prediction in prose without a block', () => {
    expect(parseAimeResponse('The answer is 42.')).toEqual({});
  });
});

describe('AIME demonstrations', () => {
  it('shows demonstrations as earlier turns whose answers parse back to their outputs', async () => {
    const model = new MockLanguageModel({ responses: ['7 squared.\n<answer>49</answer>'] });
    const program = createAimeProgram();
    const demonstration = {
      input: { problem: 'What is 2+2?' },
      output: { answer: '4' },
      reasoning: 'Add.',
    };
    const execution = await program.run(
      { id: 'p', input: { problem: 'What is 7*7?' }, gold: { answer: '49' } },
      seedPrompts(program),
      { model, demos: { [aimeModuleName]: [demonstration] }, recordDemonstrations: true },
    );
    expect(model.requests[0]?.messages).toEqual([
      { role: 'user', content: 'Problem:\nWhat is 2+2?' },
      { role: 'assistant', content: 'Add.\n\n<answer>4</answer>' },
      { role: 'user', content: 'Problem:\nWhat is 7*7?' },
    ]);
    expect(parseAimeResponse(renderAimeAnswer({ answer: '4' }, 'Add.'))).toEqual({ answer: '4' });
    expect(execution.trace[0]?.demonstration).toEqual({
      input: { problem: 'What is 7*7?' },
      output: { answer: '49' },
      reasoning: '7 squared.',
      instanceId: 'p',
    });
    expect(aimeReasoningOf('<answer>3</answer>')).toBeUndefined();
  });
});
