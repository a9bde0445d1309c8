import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import {
  callModule,
  extractTaggedText,
  reasoningBeforeTag,
  renderModuleAnswer,
  renderModuleInput,
} from './module-call.js';

const call = {
  module: 'final_answer',
  fields: [
    ['question', 'Who edited Orla Venn?'],
    ['summary_1', 'Lisbeth Arne edited her.'],
  ] as [string, string][],
  outputField: 'answer',
};

describe('module demonstrations', () => {
  it('renders demonstrations before the live input, each exactly like a live call', async () => {
    const model = new MockLanguageModel({ responses: ['Because.\n<answer>Lisbeth Arne</answer>'] });
    const demonstration = {
      input: { question: 'Who wrote Brightwater Tales?', summary_1: 'Orla Venn wrote it.' },
      output: { answer: 'Orla Venn' },
      reasoning: 'The summary names the author.',
    };
    await callModule(
      call,
      { final_answer: 'Answer.' },
      {
        model,
        demos: { final_answer: [demonstration], summarize1: [demonstration] },
      },
    );
    const messages = model.requests[0]?.messages ?? [];
    expect(messages).toHaveLength(3);
    expect(messages[0]).toEqual({
      role: 'user',
      content: renderModuleInput({
        ...call,
        fields: [
          ['question', 'Who wrote Brightwater Tales?'],
          ['summary_1', 'Orla Venn wrote it.'],
        ],
      }),
    });
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: 'The summary names the author.\n\n<answer>Orla Venn</answer>',
    });
    expect(messages[2]).toEqual({ role: 'user', content: renderModuleInput(call) });
  });

  it('records the call as a demonstration whose answer parses back to the same output', async () => {
    const model = new MockLanguageModel({
      responses: ['The summary says so.\n<answer>Lisbeth Arne</answer>'],
    });
    const result = await callModule(
      call,
      { final_answer: 'Answer.' },
      {
        model,
        recordDemonstrations: true,
      },
    );
    const demonstration = result.entry.demonstration;
    expect(demonstration).toEqual({
      input: { question: 'Who edited Orla Venn?', summary_1: 'Lisbeth Arne edited her.' },
      output: { answer: 'Lisbeth Arne' },
      reasoning: 'The summary says so.',
    });
    if (demonstration === undefined) throw new Error('no demonstration');
    expect(extractTaggedText(renderModuleAnswer(demonstration, 'answer'), 'answer')).toBe(
      'Lisbeth Arne',
    );
    // Without the request, traces stay as they were.
    const plain = await callModule(
      call,
      { final_answer: 'Answer.' },
      {
        model: new MockLanguageModel({ responses: ['<answer>x</answer>'] }),
      },
    );
    expect(plain.entry.demonstration).toBeUndefined();
  });

  it('finds the reasoning before the last tag block, if any', () => {
    expect(reasoningBeforeTag('Think.\n<query>a</query>', 'query')).toBe('Think.');
    expect(reasoningBeforeTag('<query>a</query>', 'query')).toBeUndefined();
    expect(reasoningBeforeTag('no tags', 'query')).toBeUndefined();
    expect(renderModuleAnswer({ input: {}, output: { query: 'q' } }, 'query')).toBe(
      '<query>q</query>',
    );
  });
});
