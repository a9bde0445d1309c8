import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { flushDeferredWrites } from './deferred-writes.js';
import { UnsafePathError } from './files/unsafe-path-error.js';
import { migrations } from './migrations.js';
import { StoreError } from './store-error.js';
import { guardStore, storeFailure } from './store-failure.js';

/** A run's database handle. */
export type RunDatabase = Database.Database;

/** The database file inside a run directory. */
export const databaseFileName = 'forge.db';

/** Options of `openRunDatabase`. */
export interface OpenRunDatabaseOptions {
  /** Create the directory and database when missing. Default true. */
  readonly create?: boolean;
  /** Open read-only (for reports and listings). Default false. */
  readonly readonly?: boolean;
  /**
   * Run SQLite's quick integrity check first, so that a damaged database is reported before
   * anything is built on it (a writer resuming a run does this). Default false.
   */
  readonly check?: boolean;
}

/**
 * Opens (or creates) `<runDir>/forge.db` in WAL mode and brings its schema up to date. Checks the
 * directory first so that a user mistake (a file where a directory should be, a read-only
 * directory, a directory that holds no run) is a `StoreError` naming the path, not a SQLite trace;
 * a damaged database is a `StoreError` of reason `corrupt` saying how to check and restore it.
 */
export function openRunDatabase(runDir: string, options: OpenRunDatabaseOptions = {}): RunDatabase {
  const create = options.create ?? true;
  const readonly = options.readonly ?? false;
  const file = join(runDir, databaseFileName);
  if (existsSync(runDir) && !statSync(runDir).isDirectory()) {
    throw new StoreError({
      reason: 'not-a-directory',
      path: runDir,
      message: `${runDir} is not a directory`,
    });
  }
  refuseDatabaseLinks(runDir);
  if (!existsSync(file) && (!create || readonly)) {
    throw new StoreError({
      reason: 'not-a-run',
      path: runDir,
      message: `${runDir} holds no Forge run (no ${databaseFileName})`,
    });
  }
  if (!readonly) prepareWritableDirectory(runDir);
  let database: RunDatabase;
  try {
    database = new Database(file, { readonly, fileMustExist: readonly });
    if (!readonly) {
      database.pragma('journal_mode = WAL');
      // WAL with NORMAL sync survives a killed process (kill -9); only a power loss may drop the
      // last commits, which resume then repeats.
      database.pragma('synchronous = NORMAL');
    }
    database.pragma('busy_timeout = 5000');
  } catch (error) {
    if (readonly) throwIfUnwritableDirectory(error, runDir, file);
    // A reader writes nothing of the run: its failure never advises `--resume`.
    const clear = storeFailure(error, runDir, file, readonly ? { resumable: false } : {});
    if (clear !== error) throw clear;
    throw new StoreError({
      reason: 'corrupt',
      path: file,
      message: `cannot open ${file}: ${(error as Error).message}`,
      cause: error,
    });
  }
  try {
    if (options.check) checkIntegrity(database, runDir);
    guardStore(
      runDir,
      () => migrate(database, file, readonly),
      file,
      readonly ? { resumable: false } : {},
    );
  } catch (error) {
    if (database.open) database.close();
    if (readonly) throwIfUnwritableDirectory(error, runDir, file);
    throw error;
  }
  // Rows queued or held for a batch (call cache, call records) are written before the database
  // closes, whoever closes it; the database closes even when that last batch cannot be written.
  const close = database.close.bind(database);
  database.close = () => {
    try {
      flushDeferredWrites(database, { held: true });
    } finally {
      close();
    }
    return database;
  };
  return database;
}

// SQLite opens these beside the database, following links: a reader writes the index too.
const databaseFiles = [
  databaseFileName,
  `${databaseFileName}-wal`,
  `${databaseFileName}-shm`,
  `${databaseFileName}-journal`,
];

/**
 * Refuses a run whose database, write-ahead log, shared-memory index or rollback journal is a
 * symbolic link: SQLite would read and write the file it points at (a run directory may come
 * from someone else), and a reader writes the index too.
 * @throws UnsafePathError naming the link.
 */
function refuseDatabaseLinks(runDir: string): void {
  for (const name of databaseFiles) {
    const path = join(runDir, name);
    let isLink = false;
    try {
      isLink = lstatSync(path).isSymbolicLink();
    } catch {
      // Absent.
    }
    if (isLink) {
      throw new UnsafePathError({
        path,
        reason: 'symlink',
        message: `${path} is a symbolic link; Forge opens no run database through a link (SQLite would read and write the file it points at): remove it, or copy the run without it`,
      });
    }
  }
}

/**
 * Makes sure `runDir` is a directory this process can write in, creating it when missing. A
 * file in its place or a read-only directory is a `StoreError` naming the path; a full disk is a
 * `StorageError`.
 */
export function prepareWritableDirectory(runDir: string): void {
  if (existsSync(runDir) && !statSync(runDir).isDirectory()) {
    throw new StoreError({
      reason: 'not-a-directory',
      path: runDir,
      message: `${runDir} is not a directory`,
    });
  }
  if (!existsSync(runDir)) {
    try {
      mkdirSync(runDir, { recursive: true });
    } catch (error) {
      throw ioError(runDir, error);
    }
  }
  const file = join(runDir, databaseFileName);
  try {
    // A real write, not access(2): root passes permission checks but not a read-only mount.
    // Created exclusively under a fresh name: a link planted in the directory is never followed.
    const probe = join(runDir, `.write-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
    writeFileSync(probe, '', { flag: 'wx' });
    unlinkSync(probe);
    if (existsSync(file)) accessSync(file, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EIO') throw storeFailure(error, runDir);
    throw new StoreError({
      reason: 'read-only',
      path: runDir,
      message: `cannot write to the run directory ${runDir} (read-only or no permission); choose another --run-dir`,
      cause: error,
    });
  }
}

/**
 * A database in WAL mode is read through its shared-memory index (`forge.db-shm`), which SQLite
 * creates beside it even to read; in a directory that cannot be written (a read-only mount, an
 * archive) that fails as SQLITE_CANTOPEN. Said as what it is, naming the way out — not as a
 * damaged run, a bug, or a run to resume.
 */
function throwIfUnwritableDirectory(error: unknown, runDir: string, file: string): void {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== 'SQLITE_CANTOPEN' && code !== 'SQLITE_READONLY_CANTINIT') return;
  if (existsSync(`${file}-shm`) || canWriteIn(runDir)) return;
  throw new StoreError({
    reason: 'read-only',
    path: runDir,
    message: `cannot read ${file}: its directory is read-only, and SQLite writes the database's shared-memory index (${databaseFileName}-shm) beside it to read it. Copy the run directory somewhere writable (cp -r ${runDir} <copy>), then run the command again on the copy`,
    cause: error,
  });
}

function canWriteIn(directory: string): boolean {
  // A real write, not access(2): root passes permission checks but not a read-only mount.
  const probe = join(directory, `.read-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    writeFileSync(probe, '', { flag: 'wx' });
    unlinkSync(probe);
    return true;
  } catch {
    return false;
  }
}

function checkIntegrity(database: RunDatabase, runDir: string): void {
  const result = guardStore(runDir, () => database.pragma('quick_check', { simple: true }));
  if (result !== 'ok') {
    throw storeFailure(
      Object.assign(new Error(`integrity check: ${String(result)}`), { code: 'SQLITE_CORRUPT' }),
      runDir,
    );
  }
}

function migrate(database: RunDatabase, file: string, readonly: boolean): void {
  const version = database.pragma('user_version', { simple: true }) as number;
  if (version > migrations.length) {
    throw new StoreError({
      reason: 'newer-schema',
      path: file,
      message: `${file} was written by a newer Forge (schema ${version}, this one knows ${migrations.length}); upgrade Forge to read it`,
    });
  }
  if (version === migrations.length) return;
  if (readonly) {
    throw new StoreError({
      reason: 'read-only',
      path: file,
      message: `${file} needs a schema upgrade; open it once with write access`,
    });
  }
  database.transaction(() => {
    for (let index = version; index < migrations.length; index++)
      database.exec(migrations[index] as string);
    database.pragma(`user_version = ${migrations.length}`);
  })();
}

function ioError(path: string, error: unknown): StoreError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EROFS' || code === 'EPERM') {
    return new StoreError({
      reason: 'read-only',
      path,
      message: `cannot create ${path}: permission denied or read-only file system`,
      cause: error,
    });
  }
  return new StoreError({
    reason: 'io',
    path,
    message: `cannot create ${path}: ${(error as Error).message}`,
    cause: error,
  });
}
