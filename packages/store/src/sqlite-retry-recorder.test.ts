import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APICallError } from '@forge/provider';
import { afterAll, describe, expect, it } from 'vitest';
import { openRunDatabase } from './open-run-database.js';
import { SqliteRetryRecorder } from './sqlite-retry-recorder.js';

const root = mkdtempSync(join(tmpdir(), 'forge-retries-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('SqliteRetryRecorder', () => {
  it('writes one row per retried attempt with kind, status, wait and a redacted message', () => {
    const database = openRunDatabase(join(root, 'run'));
    const recorder = new SqliteRetryRecorder(database);
    const secret = ['sk', 'proj', 'abcdefghijklmnopqrstuvwx'].join('-');
    const row = recorder.record(
      {
        provider: 'openai',
        modelId: 'gpt-test',
        role: 'task',
        attempt: 2,
        delayMs: 250,
        fromRetryAfter: true,
        error: new APICallError({
          message: `HTTP 429: slow down (key ${secret})`,
          kind: 'http',
          statusCode: 429,
        }),
      },
      new Date('2026-12-03T12:00:00Z'),
    );
    expect(row).toMatchObject({ role: 'task', attempt: 2, errorKind: 'http', statusCode: 429 });
    const saved = database.prepare('SELECT * FROM call_retries').all();
    database.close();
    expect(saved).toEqual([
      {
        seq: 1,
        at: '2026-12-03T12:00:00.000Z',
        role: 'task',
        provider: 'openai',
        model: 'gpt-test',
        attempt: 2,
        delay_ms: 250,
        from_retry_after: 1,
        error_kind: 'http',
        status_code: 429,
        error: expect.not.stringContaining(secret),
      },
    ]);
  });
});
