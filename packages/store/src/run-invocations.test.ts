import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRunInvocations, recordRunInvocation } from './run-invocations.js';
import { SqliteRunStore } from './sqlite-run-store.js';

const root = mkdtempSync(join(tmpdir(), 'forge-invocations-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a run's invocations", () => {
  it('keeps every start, in order, and reads none from a run that recorded none', () => {
    const store = new SqliteRunStore(join(root, 'run'));
    try {
      expect(readRunInvocations(store.database)).toBeUndefined();
      recordRunInvocation(store, new Date('2026-01-01T10:00:00.000Z'));
      recordRunInvocation(store, new Date('2026-01-02T09:00:00.000Z'));
      expect(readRunInvocations(store.database)).toEqual([
        Date.parse('2026-01-01T10:00:00.000Z'),
        Date.parse('2026-01-02T09:00:00.000Z'),
      ]);
    } finally {
      store.close();
    }
  });

  it('trusts no hand-edited value: it reads as none, and the next start replaces it', () => {
    const store = new SqliteRunStore(join(root, 'edited'));
    try {
      for (const value of ['not json', '{"a":1}', '[1, 2]', '["yesterday"]', '[]']) {
        store.setMeta('invocations', value);
        expect(readRunInvocations(store.database), value).toBeUndefined();
      }
      recordRunInvocation(store, new Date('2026-01-03T12:00:00.000Z'));
      expect(readRunInvocations(store.database)).toEqual([Date.parse('2026-01-03T12:00:00.000Z')]);
    } finally {
      store.close();
    }
  });
});
