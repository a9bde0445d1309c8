import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UnsafePathError } from './files/unsafe-path-error.js';
import { openRunDatabase } from './open-run-database.js';
import { SqliteRunStore } from './sqlite-run-store.js';

// A run directory from someone else, whose database files are links to a file of yours.
const root = mkdtempSync(join(tmpdir(), 'forge-database-links-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function runWithLink(name: string, linkedName: string): { runDir: string; victim: string } {
  const runDir = join(root, name);
  openRunDatabase(runDir).close();
  const victim = join(root, `${name}-victim`);
  writeFileSync(victim, 'yours\n');
  const linked = join(runDir, linkedName);
  if (existsSync(linked)) renameSync(linked, join(root, `${name}-moved`));
  symlinkSync(victim, linked);
  return { runDir, victim };
}

describe('a run database file that is a symbolic link', () => {
  it('forge.db as a link is refused by writers, naming it; the file it points at is untouched', () => {
    const { runDir, victim } = runWithLink('database', 'forge.db');
    expect(() => openRunDatabase(runDir)).toThrow(UnsafePathError);
    expect(() => new SqliteRunStore(runDir)).toThrow(
      `${join(runDir, 'forge.db')} is a symbolic link; Forge opens no run database through a link`,
    );
    expect(readFileSync(victim, 'utf8')).toBe('yours\n');
  });

  it('forge.db-wal or -shm as a link is refused by readers too (SQLite writes the index to read)', () => {
    for (const suffix of ['wal', 'shm']) {
      const { runDir, victim } = runWithLink(`index-${suffix}`, `forge.db-${suffix}`);
      expect(() => openRunDatabase(runDir, { readonly: true })).toThrow(
        `forge.db-${suffix} is a symbolic link`,
      );
      expect(readFileSync(victim, 'utf8')).toBe('yours\n');
    }
  });

  it('a plain run opens as before', () => {
    const runDir = join(root, 'plain');
    mkdirSync(runDir);
    openRunDatabase(runDir).close();
    openRunDatabase(runDir, { readonly: true }).close();
  });
});
