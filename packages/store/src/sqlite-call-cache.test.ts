import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CostMeter } from '@forge/endpoints';
import {
  applyDefaultMiddleware,
  callCacheKey,
  MemoryCallRecorder,
  withCache,
  withRecorder,
} from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { flushDeferredWrites } from './deferred-writes.js';
import { openRunDatabase } from './open-run-database.js';
import { SqliteCallCache } from './sqlite-call-cache.js';
import { SqliteCallRecorder } from './sqlite-call-recorder.js';

const root = mkdtempSync(join(tmpdir(), 'forge-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('SqliteCallCache', () => {
  it('answers a repeated call from the database, across reopenings, with zero new calls', async () => {
    const runDir = join(root, 'cache');
    const request = { system: 's', messages: [{ role: 'user' as const, content: 'hello' }] };
    const first = new MockLanguageModel({ responses: ['hi there'] });
    const database = openRunDatabase(runDir);
    const cached = withCache(first, new SqliteCallCache(database));
    expect((await cached.generate(request)).text).toBe('hi there');
    database.close();

    const second = new MockLanguageModel({ responses: [] });
    const reopened = openRunDatabase(runDir);
    const again = await withCache(second, new SqliteCallCache(reopened)).generate(request);
    reopened.close();
    expect(again.text).toBe('hi there');
    expect(again.cached).toBe(true);
    expect(second.calls).toHaveLength(0);
  });

  it('stores entries under the provider cache key', async () => {
    const database = openRunDatabase(join(root, 'key'));
    const cache = new SqliteCallCache(database);
    const model = new MockLanguageModel({ responses: ['x'] });
    const request = { messages: [{ role: 'user' as const, content: 'q' }] };
    await withCache(model, cache).generate(request);
    const key = callCacheKey(model, request);
    expect((await cache.get(key))?.result.text).toBe('x');
    database.close();
  });

  it('is released by the recorder of the default stack: the two see the same cache key', async () => {
    const database = openRunDatabase(join(root, 'stack'));
    const model = applyDefaultMiddleware(new MockLanguageModel({ responses: ['p', 'q'] }), {
      defaults: { temperature: 0.5, maxOutputTokens: 64 },
      cache: new SqliteCallCache(database, { holdUntilRecorded: true }),
      recorder: new SqliteCallRecorder(database, { releaseCachedAnswers: true }),
      costMeter: new CostMeter(),
    });
    const cacheRows = () =>
      (database.prepare('SELECT count(*) AS n FROM call_cache').get() as { n: number }).n;
    await model.generate({
      messages: [{ role: 'user', content: 'one' }],
      metadata: { role: 'task', sampleIndex: 2 },
    });
    await model.generate({ system: 's', messages: [{ role: 'user', content: 'two' }] });
    // A commit's flush (not a close) writes both answers: each was released by its record.
    flushDeferredWrites(database);
    expect(cacheRows()).toBe(2);
    database.close();
  });
});

describe('SqliteCallRecorder', () => {
  it('writes one row per call with role, tokens and the bodies', async () => {
    const database = openRunDatabase(join(root, 'recorder'));
    const memory = new MemoryCallRecorder();
    const model = withRecorder(
      withRecorder(new MockLanguageModel({ responses: ['a', 'b'] }), memory),
      new SqliteCallRecorder(database),
    );
    await model.generate({
      messages: [{ role: 'user', content: 'one' }],
      metadata: { role: 'reflect' },
    });
    await model.generate({
      messages: [{ role: 'user', content: 'two' }],
      metadata: { role: 'task' },
    });
    // Rows are written in a batch on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    const rows = database
      .prepare('SELECT role, input_tokens, response FROM model_calls ORDER BY seq')
      .all() as {
      role: string;
      input_tokens: number;
      response: string;
    }[];
    expect(rows.map((row) => row.role)).toEqual(['reflect', 'task']);
    expect(rows[0]?.input_tokens).toBe(10);
    expect(JSON.parse(rows[1]?.response ?? '{}').text).toBe('b');
    database.close();
  });
});
