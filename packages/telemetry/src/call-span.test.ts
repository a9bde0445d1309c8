import { APICallError, type RecordedCall, recordError, registerSecret } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { callSpan, contentLimit } from './call-span.js';

const secret = 'collector-token-0123456789';
registerSecret(secret);

const call: RecordedCall = {
  sequence: 3,
  provider: 'openai',
  modelId: 'gpt-5.5',
  role: 'reflect',
  sampleIndex: 0,
  request: {
    system: `You improve prompts. (token ${secret})`,
    messages: [
      { role: 'user', content: 'Fix this prompt; my key is sk-abcdefghijklmnopqrstu' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 't1', name: 'search', input: { q: 'x' } }],
      },
      { role: 'tool', toolCallId: 't1', toolName: 'search', content: 'found' },
    ],
    temperature: 0.2,
    maxOutputTokens: 4096,
    metadata: { role: 'reflect', step: 5 },
  },
  result: {
    text: '<system_prompt>Be exact.</system_prompt>',
    toolCalls: [],
    finishReason: 'tool-calls',
    usage: { inputTokens: 1200, outputTokens: 80, cachedInputTokens: 1000, reasoningTokens: 30 },
    costUsd: 0.0042,
    response: { id: 'resp-1', modelId: 'gpt-5.5-2026-01-01' },
  },
  startedAt: 1_700_000_000_000,
  durationMs: 850,
};

const values = (attributes: Record<string, unknown>) => JSON.stringify(Object.values(attributes));

describe('callSpan', () => {
  it('follows the GenAI conventions and adds Forge role, step, cost and cache hit', () => {
    const span = callSpan(call, { includeContent: false });
    expect(span).toMatchObject({
      name: 'chat gpt-5.5',
      kind: 'client',
      start: 1_700_000_000_000,
      end: 1_700_000_000_850,
    });
    expect(span.attributes).toEqual({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.system': 'openai',
      'gen_ai.request.model': 'gpt-5.5',
      'gen_ai.request.temperature': 0.2,
      'gen_ai.request.max_tokens': 4096,
      'gen_ai.response.model': 'gpt-5.5-2026-01-01',
      'gen_ai.response.id': 'resp-1',
      'gen_ai.response.finish_reasons': ['tool_calls'],
      'gen_ai.usage.input_tokens': 1200,
      'gen_ai.usage.output_tokens': 80,
      'gen_ai.usage.cache_read.input_tokens': 1000,
      'forge.usage.reasoning_tokens': 30,
      'forge.role': 'reflect',
      'forge.step': 5,
      'forge.sample_index': 0,
      'forge.cost_usd': 0.0042,
      'forge.cache_hit': false,
    });
  });

  it('names the program module of a task call', () => {
    const task: RecordedCall = {
      ...call,
      role: 'task',
      request: { ...call.request, metadata: { role: 'task', module: 'summarize' } },
    };
    expect(callSpan(task, { includeContent: false }).attributes['forge.module']).toBe('summarize');
    expect(callSpan(call, { includeContent: false }).attributes).not.toHaveProperty('forge.module');
  });

  it('leaves prompts and answers out unless asked, and redacts them when asked', () => {
    expect(values(callSpan(call, { includeContent: false }).attributes)).not.toContain('prompt');
    const span = callSpan(call, { includeContent: true });
    const text = values(span.attributes);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('sk-abcdefghijklmnopqrstu');
    expect(JSON.parse(String(span.attributes['gen_ai.system_instructions']))).toEqual([
      { type: 'text', content: 'You improve prompts. (token [REDACTED])' },
    ]);
    const input = JSON.parse(String(span.attributes['gen_ai.input.messages']));
    expect(input.map((message: { role: string }) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
    ]);
    expect(input[1].parts[1]).toEqual({
      type: 'tool_call',
      id: 't1',
      name: 'search',
      arguments: { q: 'x' },
    });
    expect(JSON.parse(String(span.attributes['gen_ai.output.messages']))).toEqual([
      {
        role: 'assistant',
        parts: [{ type: 'text', content: '<system_prompt>Be exact.</system_prompt>' }],
        finish_reason: 'tool_calls',
      },
    ]);
  });

  it('clips a long content part, saying how much it left out', () => {
    const long = {
      ...call,
      request: { messages: [{ role: 'user' as const, content: 'x'.repeat(contentLimit + 5) }] },
    };
    const input = JSON.parse(
      String(callSpan(long, { includeContent: true }).attributes['gen_ai.input.messages']),
    );
    expect(input[0].parts[0].content).toMatch(/… \[5 characters left out\]$/);
  });

  it('marks a failed call with its kind and a redacted message', () => {
    const error = new APICallError({
      message: `401 from https://api.example.test: bad key ${secret}`,
      kind: 'http',
      statusCode: 401,
      isRetryable: false,
    });
    const { result: _result, ...failed } = call;
    const span = callSpan({ ...failed, error: recordError(error) }, { includeContent: false });
    expect(span.attributes['error.type']).toBe('http');
    expect(span.error).toContain('[REDACTED]');
    expect(span.error).not.toContain(secret);
    expect(span.attributes['gen_ai.usage.input_tokens']).toBeUndefined();
  });
});
