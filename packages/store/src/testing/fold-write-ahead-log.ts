import type { RunDatabase } from '../open-run-database.js';

/**
 * Copies every commit of the database's write-ahead log into the database file and empties the
 * log, as a clean close does: for tests that then damage the file on purpose (cut it short), so
 * that what a killed writer left in its log is part of what they damage.
 */
export function foldWriteAheadLog(database: RunDatabase): void {
  database.pragma('wal_checkpoint(TRUNCATE)');
}
