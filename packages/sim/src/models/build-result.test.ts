import { describe, expect, it } from 'vitest';
import { buildResult } from './build-result.js';

describe('buildResult', () => {
  const request = {
    system: 'x'.repeat(40),
    messages: [{ role: 'user' as const, content: 'y'.repeat(80) }],
  };

  it('estimates usage from the characters sent and returned', () => {
    const result = buildResult({ request, text: 'z'.repeat(41), modelId: 'task', responseId: 'r' });
    expect(result.usage).toEqual({
      inputTokens: 39,
      outputTokens: 11,
      cachedInputTokens: 0,
      reasoningTokens: 0,
    });
    expect(result.finishReason).toBe('stop');
    expect(result.response).toEqual({ id: 'r', modelId: 'task' });
  });

  it('cuts an answer longer than maxOutputTokens and finishes with length', () => {
    const result = buildResult({
      request: { ...request, maxOutputTokens: 5 },
      text: '<system_prompt>long answer</system_prompt>',
      modelId: 'optimizer',
      responseId: 'r',
    });
    expect(result.text).toBe('<system_prompt>long ');
    expect(result.finishReason).toBe('length');
    expect(result.usage.outputTokens).toBe(5);
  });

  it('finishes with tool-calls when it calls a tool', () => {
    const result = buildResult({
      request,
      text: '',
      toolCalls: [{ id: 'call_1', name: 'check_date', input: { text: 'x' } }],
      modelId: 'optimizer',
      responseId: 'r',
    });
    expect(result.finishReason).toBe('tool-calls');
  });
});
