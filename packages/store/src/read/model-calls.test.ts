import { afterAll, describe, expect, it } from 'vitest';
import { freshRunDatabase } from '../testing/fresh-run-database.js';
import { plantRows } from '../testing/plant-rows.js';
import { readCallCacheEntries } from './call-cache-entries.js';
import { readCallRetries } from './call-retries.js';
import { readModelCalls } from './model-calls.js';

const run = freshRunDatabase();
afterAll(run.remove);

describe('readModelCalls, readCallCacheEntries and readCallRetries', () => {
  it('read the call log in order, `cached` as a boolean', () => {
    plantRows(run.database, 'model_calls', [
      {
        seq: 2,
        started_at: 'b',
        role: null,
        provider: 'sim',
        model: 'm',
        duration_ms: 3,
        cached: 1,
      },
      {
        seq: 1,
        started_at: 'a',
        role: 'task',
        provider: 'sim',
        model: 'm',
        duration_ms: 7,
        cached: 0,
        input_tokens: 10,
        output_tokens: 2,
        cached_input_tokens: 0,
        reasoning_tokens: 1,
        cost_usd: 0.5,
        error: null,
        request: '{"q":1}',
        response: '{"text":"a"}',
      },
    ]);
    const calls = readModelCalls(run.database);
    expect(calls.map((call) => [call.seq, call.cached])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(calls[0]).toEqual({
      seq: 1,
      startedAt: 'a',
      role: 'task',
      provider: 'sim',
      model: 'm',
      durationMs: 7,
      cached: false,
      inputTokens: 10,
      outputTokens: 2,
      cachedInputTokens: 0,
      reasoningTokens: 1,
      costUsd: 0.5,
      errorJson: null,
      requestJson: '{"q":1}',
      responseJson: '{"text":"a"}',
    });
    expect(calls[1]).toMatchObject({ role: null, inputTokens: null, costUsd: null });
  });

  it('read the response cache in key order', () => {
    plantRows(run.database, 'call_cache', [
      { key: 'k2', result: '{"text":"b"}', created_at: 't' },
      { key: 'k1', result: '{"text":"a"}', created_at: 't' },
    ]);
    expect(readCallCacheEntries(run.database)).toEqual([
      { key: 'k1', resultJson: '{"text":"a"}' },
      { key: 'k2', resultJson: '{"text":"b"}' },
    ]);
  });

  it('read retries as recorded, with the message of a recorded error or the text itself', () => {
    plantRows(run.database, 'call_retries', [
      {
        seq: 1,
        at: 'a',
        role: 'task',
        provider: 'sim',
        model: 'm',
        attempt: 1,
        delay_ms: 100,
        from_retry_after: 1,
        error_kind: 'http',
        status_code: 429,
        error: '{"name":"APICallError","message":"slow down"}',
      },
      {
        seq: 2,
        at: 'b',
        role: null,
        provider: 'sim',
        model: 'm',
        attempt: 2,
        delay_ms: 200,
        from_retry_after: 0,
        error_kind: null,
        status_code: null,
        error: 'socket hang up',
      },
    ]);
    expect(readCallRetries(run.database)).toEqual([
      {
        at: 'a',
        role: 'task',
        provider: 'sim',
        model: 'm',
        attempt: 1,
        delayMs: 100,
        fromRetryAfter: true,
        errorKind: 'http',
        statusCode: 429,
        message: 'slow down',
      },
      {
        at: 'b',
        provider: 'sim',
        model: 'm',
        attempt: 2,
        delayMs: 200,
        fromRetryAfter: false,
        message: 'socket hang up',
      },
    ]);
  });
});
