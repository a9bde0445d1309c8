export { type BackupInfo, describeDatabase, readBackupInfo } from './backup/backup-info.js';
export { type RestoredBackup, restoreBackup } from './backup/restore-backup.js';
export { RunBackup, type RunBackupOptions, writeBackup } from './backup/run-backup.js';
export {
  UnsafePathError,
  type UnsafePathReason,
} from './files/unsafe-path-error.js';
export { type WriteFileSafelyOptions, writeFileSafely } from './files/write-file-safely.js';
export {
  type AcquireLeaseOptions,
  acquireLease,
  FileLease,
  inspectLease,
  type LeaseState,
} from './lease/file-lease.js';
export { LeaseHeldError, LeaseLostError } from './lease/lease-error.js';
export {
  describeLeaseHolder,
  judgeLeaseHolder,
  type LeaseHolder,
  type LeaseObserver,
  type LeaseVerdict,
} from './lease/lease-holder.js';
export {
  currentProcessIdentity,
  isProcessAlive,
  localLeaseObserver,
  type ProcessIdentity,
} from './lease/machine-identity.js';
export { migrations } from './migrations.js';
export {
  databaseFileName,
  type OpenRunDatabaseOptions,
  openRunDatabase,
  prepareWritableDirectory,
  type RunDatabase,
} from './open-run-database.js';
export {
  leaseFileName,
  openRunForWriting,
  openRunWriter,
  type RunWriter,
  type RunWriterOptions,
} from './open-run-for-writing.js';
export {
  type RecordedAnswer,
  type RoleAnswers,
  readRunAnswers,
  SqliteAnswerRecorder,
} from './run-answers.js';
export { readRunInvocations, recordRunInvocation } from './run-invocations.js';
export {
  emptyRunRoleUsage,
  type RunModelName,
  type RunRoleUsage,
  type RunUsage,
  readRunUsage,
  readZeroCostModels,
  unassignedUsageRole,
} from './run-usage.js';
export { SqliteCallCache } from './sqlite-call-cache.js';
export { SqliteCallRecorder } from './sqlite-call-recorder.js';
export { SqliteCheckpointStore } from './sqlite-checkpoint-store.js';
export { type RecordedRetry, SqliteRetryRecorder } from './sqlite-retry-recorder.js';
export { SqliteRunStore, type SqliteRunStoreOptions } from './sqlite-run-store.js';
export { SqliteSynthesisJournal } from './sqlite-synthesis-journal.js';
export { StorageError, type StorageErrorReason } from './storage-error.js';
export { StoreError, type StoreErrorReason } from './store-error.js';
export {
  backupFileName,
  damagedRunError,
  guardStore,
  type StoreFailureOptions,
  storeFailure,
} from './store-failure.js';
