import { describe, expect, it } from 'vitest';
import type { GenerateRequest } from '../language-model/generate-request.js';
import { callCacheKey } from './call-cache-key.js';

const model = { provider: 'openai', modelId: 'gpt-5.5' };
const request: GenerateRequest = {
  system: 'Be terse.',
  messages: [{ role: 'user', content: 'Hi' }],
  temperature: 0,
};

describe('callCacheKey', () => {
  it('is a stable SHA-256 hex digest', () => {
    const key = callCacheKey(model, request);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(callCacheKey(model, { ...request })).toBe(key);
  });

  it('ignores the abort signal, the role and field order; sample index 0 is the default', () => {
    const key = callCacheKey(model, request);
    expect(
      callCacheKey(model, {
        temperature: 0,
        messages: [{ content: 'Hi', role: 'user' }],
        system: 'Be terse.',
        abortSignal: new AbortController().signal,
        metadata: { role: 'task', sampleIndex: 0 },
      }),
    ).toBe(key);
  });

  it('changes with anything that can change the answer', () => {
    const key = callCacheKey(model, request);
    const variants: GenerateRequest[] = [
      { ...request, system: 'Be verbose.' },
      { ...request, messages: [{ role: 'user', content: 'Hello' }] },
      { ...request, temperature: 1 },
      { ...request, maxOutputTokens: 10 },
      { ...request, responseFormat: { type: 'json' } },
      { ...request, toolChoice: 'required' },
      { ...request, tools: [{ name: 't', description: 'd', inputSchema: { type: 'object' } }] },
      { ...request, providerOptions: { openai: { reasoningEffort: 'low' } } },
      { ...request, metadata: { sampleIndex: 1 } },
    ];
    const keys = new Set(variants.map((variant) => callCacheKey(model, variant)));
    expect(keys.size).toBe(variants.length);
    expect(keys.has(key)).toBe(false);
    expect(callCacheKey({ ...model, modelId: 'gpt-5.4' }, request)).not.toBe(key);
    expect(callCacheKey({ ...model, provider: 'azure' }, request)).not.toBe(key);
  });
});
