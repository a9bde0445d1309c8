import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerSecret, withCache, withRecorder } from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { openRunDatabase } from './open-run-database.js';
import { SqliteCallCache } from './sqlite-call-cache.js';
import { SqliteCallRecorder } from './sqlite-call-recorder.js';

const root = mkdtempSync(join(tmpdir(), 'forge-echoed-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// A key of this machine, registered as the run resolves its models; a server that answers
// successfully with the request's headers echoed back.
const key = ['yours', 'echoed', '0123456789'].join('-');
registerSecret(key);

describe('a successful answer that echoes a credential', () => {
  it('is stored redacted in the call cache and the call records; this run still reads it whole', async () => {
    const runDir = join(root, 'run');
    const database = openRunDatabase(runDir);
    const echo = `headers: Authorization: Bearer ${key}; x-api-key: ${key}`;
    const model = withRecorder(
      withCache(new MockLanguageModel({ responses: [echo] }), new SqliteCallCache(database)),
      new SqliteCallRecorder(database),
    );
    const request = { messages: [{ role: 'user' as const, content: `quote: ${key}` }] };
    expect((await model.generate(request)).text).toBe(echo);
    database.close();

    const reopened = openRunDatabase(runDir, { readonly: true });
    const stored = [
      ...reopened.prepare('SELECT result AS text FROM call_cache').all(),
      ...reopened.prepare('SELECT request AS text FROM model_calls').all(),
      ...reopened.prepare('SELECT response AS text FROM model_calls').all(),
    ].map((row) => String((row as { text: string }).text));
    reopened.close();
    expect(stored).toHaveLength(3);
    for (const text of stored) {
      expect(text).not.toContain(key);
      expect(text).toContain('[REDACTED]');
    }
    // A resumed run reads the redacted answer.
    const again = openRunDatabase(runDir);
    const replayed = await withCache(
      new MockLanguageModel({ responses: [] }),
      new SqliteCallCache(again),
    ).generate(request);
    again.close();
    expect(replayed.text).toBe('headers: Authorization: Bearer [REDACTED]; x-api-key: [REDACTED]');
  });
});
