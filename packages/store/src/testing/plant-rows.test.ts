import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRunMeta } from '../read/run-meta.js';
import { foldWriteAheadLog } from './fold-write-ahead-log.js';
import { freshRunDatabase } from './fresh-run-database.js';
import { deleteRows, plantRows } from './plant-rows.js';

describe('fixture rows', () => {
  it('plants rows replacing those with the same key, and deletes the rows that match', () => {
    const { database, remove } = freshRunDatabase();
    try {
      plantRows(database, 'meta', [
        { key: 'fixture_a', value: '1' },
        { key: 'fixture_b', value: '2' },
      ]);
      plantRows(database, 'meta', [{ key: 'fixture_a', value: '3' }]);
      expect(readRunMeta(database).get('fixture_a')).toBe('3');
      deleteRows(database, 'meta', { key: 'fixture_a' });
      expect(readRunMeta(database).has('fixture_a')).toBe(false);
      expect(readRunMeta(database).get('fixture_b')).toBe('2');
      deleteRows(database, 'meta');
      expect(readRunMeta(database).size).toBe(0);
      expect(() => deleteRows(database, 'meta', { 'key; DROP TABLE meta': 1 })).toThrow(
        /not a table or column name/,
      );
    } finally {
      remove();
    }
  });

  it('folds the write-ahead log into the database file and empties it', () => {
    const { database, runDir, remove } = freshRunDatabase();
    try {
      plantRows(database, 'meta', [{ key: 'fixture', value: 'x'.repeat(10_000) }]);
      const log = join(runDir, 'forge.db-wal');
      expect(statSync(log).size).toBeGreaterThan(0);
      foldWriteAheadLog(database);
      expect(!existsSync(log) || statSync(log).size === 0).toBe(true);
    } finally {
      remove();
    }
  });
});
