import { describe, expect, it } from 'vitest';
import { buildOpenAIChatBody } from './openai-chat-request.js';

describe('buildOpenAIChatBody', () => {
  it('omits the system message when empty and never sends metadata', () => {
    const { body } = buildOpenAIChatBody('m', 'openai', {
      system: '',
      messages: [{ role: 'user', content: 'hi' }],
      metadata: { role: 'task', sampleIndex: 2 },
    });
    expect(body).toEqual({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
  });

  it('uses max_tokens for servers that want it and warns about toolChoice without tools', () => {
    const { body, warnings } = buildOpenAIChatBody('m', 'lmstudio', {
      messages: [],
      maxOutputTokens: 100,
      toolChoice: 'required',
      providerOptions: {
        lmstudio: { maxTokensParameter: 'max_tokens', topP: 0.9, stop: ['</answer>'] },
      },
    });
    expect(body).toMatchObject({ max_tokens: 100, top_p: 0.9, stop: ['</answer>'] });
    expect(body).not.toHaveProperty('max_completion_tokens');
    expect(warnings).toEqual([
      expect.objectContaining({ type: 'unsupported-setting', setting: 'toolChoice' }),
    ]);
  });

  it('keeps assistant text beside tool calls and sends raw-string arguments back unchanged', () => {
    const { body } = buildOpenAIChatBody('m', 'openai', {
      messages: [
        {
          role: 'assistant',
          content: 'Checking.',
          toolCalls: [{ id: 'a', name: 't', input: '{broken' }],
        },
      ],
    });
    expect(body['messages']).toEqual([
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [{ id: 'a', type: 'function', function: { name: 't', arguments: '{broken' } }],
      },
    ]);
  });
});
