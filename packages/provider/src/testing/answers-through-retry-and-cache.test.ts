import { describe, expect, it } from 'vitest';
import { APICallError } from '../errors/api-call-error.js';
import { answersThroughRetryAndCache } from './answers-through-retry-and-cache.js';
import { MockLanguageModel } from './mock-language-model.js';

describe('answersThroughRetryAndCache', () => {
  it('retries what the retry layer retries, then serves the same question from the cache', async () => {
    const model = new MockLanguageModel({
      responses: [
        new APICallError({ message: 'cut off', kind: 'unreadable-response' }),
        Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
        'whole',
      ],
    });
    const { results, retried } = await answersThroughRetryAndCache(model);
    expect(results.map((result) => [result.text, result.cached === true])).toEqual([
      ['whole', false],
      ['whole', true],
    ]);
    expect(retried).toEqual([
      { kind: 'unreadable-response', isRetryable: true, message: 'cut off' },
      { kind: 'not an APICallError', isRetryable: false, message: 'Error: read ECONNRESET' },
    ]);
    expect(model.calls).toHaveLength(3);
  });

  it('rejects when a call still fails', async () => {
    const model = new MockLanguageModel({
      responses: [new APICallError({ message: 'bad request', kind: 'http', statusCode: 400 })],
    });
    await expect(answersThroughRetryAndCache(model)).rejects.toThrow('bad request');
  });
});
