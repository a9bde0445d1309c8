import { describe, expect, it } from 'vitest';
import { toAISDKCallOptions } from './to-ai-sdk-call-options.js';

describe('toAISDKCallOptions', () => {
  it('leaves out an empty system prompt and an empty tool list', () => {
    expect(
      toAISDKCallOptions({ system: '', tools: [], messages: [{ role: 'user', content: 'hi' }] }),
    ).toEqual({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
  });

  it('keeps an empty assistant turn as one empty text part, and text beside tool calls', () => {
    const { prompt } = toAISDKCallOptions({
      messages: [
        { role: 'assistant', content: '' },
        {
          role: 'assistant',
          content: 'Searching.',
          toolCalls: [{ id: 'c1', name: 'search', input: 'not json' }],
        },
      ],
    });
    expect(prompt).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: '' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Searching.' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: 'not json' },
        ],
      },
    ]);
  });

  it('groups consecutive tool results into one tool message, and only consecutive ones', () => {
    const result = (id: string) => ({
      role: 'tool' as const,
      toolCallId: id,
      toolName: 'calc',
      content: id,
    });
    const { prompt } = toAISDKCallOptions({
      messages: [result('a'), result('b'), { role: 'user', content: 'next' }, result('c')],
    });
    expect(prompt.map((message) => [message.role, message.content.length])).toEqual([
      ['tool', 2],
      ['user', 1],
      ['tool', 1],
    ]);
  });
});
