import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openRunDatabase, type RunDatabase } from '../open-run-database.js';

/** An empty, migrated run database in a fresh temporary directory, and a way to remove both. */
export interface FreshRunDatabase {
  /** The open database (writable). */
  readonly database: RunDatabase;
  /** The run directory that holds it. */
  readonly runDir: string;
  /** Closes the database and deletes its directory. */
  readonly remove: () => void;
}

/** Opens an empty run database in a new temporary directory, for tests of readers and writers. */
export function freshRunDatabase(): FreshRunDatabase {
  const runDir = mkdtempSync(join(tmpdir(), 'forge-run-'));
  const database = openRunDatabase(runDir);
  return {
    database,
    runDir,
    remove: () => {
      if (database.open) database.close();
      rmSync(runDir, { recursive: true, force: true });
    },
  };
}
