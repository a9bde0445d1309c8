import { describe, expect, it } from 'vitest';
import { callCacheKey } from '../cache/call-cache-key.js';
import { MockLanguageModel } from '../testing/mock-language-model.js';
import { stepMetadata, withCallMetadata } from './with-call-metadata.js';

describe('withCallMetadata', () => {
  it('adds its fields to every call, the call keeping its own role and sample index', async () => {
    const model = new MockLanguageModel({
      provider: 'sim',
      modelId: 'task',
      responses: () => 'ok',
    });
    const tagged = withCallMetadata(model, { step: 4, target: 'proposal', role: 'ignored' });
    expect(tagged.provider).toBe('sim');
    expect(tagged.modelId).toBe('task');
    await tagged.generate({
      messages: [{ role: 'user', content: 'q' }],
      metadata: { role: 'task', sampleIndex: 1 },
    });
    await tagged.generate({ messages: [{ role: 'user', content: 'q' }] });
    expect(model.calls.map((call) => call.request.metadata)).toEqual([
      { step: 4, target: 'proposal', role: 'task', sampleIndex: 1 },
      { step: 4, target: 'proposal', role: 'ignored' },
    ]);
  });

  it('leaves the cache key alone: the same request in another step is the same answer', () => {
    const request = { messages: [{ role: 'user' as const, content: 'q' }] };
    const model = { provider: 'sim', modelId: 'task' };
    expect(callCacheKey(model, { ...request, metadata: { step: 1, target: 'parent' } })).toBe(
      callCacheKey(model, { ...request, metadata: { step: 7 } }),
    );
  });

  it('stepMetadata leaves out a null step and a missing target', () => {
    expect(stepMetadata(null, 'validation')).toEqual({ target: 'validation' });
    expect(stepMetadata(3)).toEqual({ step: 3 });
    expect(stepMetadata(undefined)).toEqual({});
  });
});
