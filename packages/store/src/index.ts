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
  type AssignmentTally,
  readAssignmentTally,
  type UnusableAssignment,
} from './read/assignment-tally.js';
export { type CallCacheEntryRecord, readCallCacheEntries } from './read/call-cache-entries.js';
export { readCallRetries } from './read/call-retries.js';
export {
  readCheckpointRecords,
  readStoredCheckpoint,
  type StoredCheckpoint,
  type StoredCheckpointRecord,
} from './read/checkpoint-records.js';
export {
  type FailureModeSupport,
  readFailureModeSupport,
  readLastAssignmentEpoch,
} from './read/failure-mode-support.js';
export { type ModelCallRecord, readModelCalls } from './read/model-calls.js';
export { type RunCandidateRecord, readRunCandidates } from './read/run-candidates.js';
export {
  type ActionLogCounts,
  readActionLogCounts,
  readIntegrityProblems,
} from './read/run-consistency.js';
export {
  countRunInstances,
  type RunInstanceCounts,
  type RunInstanceFilter,
  type RunInstanceRecord,
  readRunInstances,
} from './read/run-instances.js';
export { type RunMeta, readRunMeta } from './read/run-meta.js';
export {
  type ObservationSource,
  type RunObservationRecord,
  readObservationSources,
  readRunObservations,
} from './read/run-observations.js';
export { type RunProgress, readRunProgress } from './read/run-progress.js';
export {
  type RunReflectionRecord,
  type RunStepRecord,
  readRunReflections,
  readRunSteps,
} from './read/run-steps.js';
export {
  emptyRunRoleUsage,
  type RunModelName,
  type RunRoleUsage,
  type RunUsage,
  readModelsByRole,
  readRunUsage,
  readZeroCostModels,
  unassignedUsageRole,
} from './read/run-usage.js';
export { readRunVersion } from './read/run-version.js';
export { type RunWallTime, readRunWallTime } from './read/run-wall-time.js';
export {
  readSynthesisAttempts,
  readSynthesisEvents,
  type SynthesisAttemptRecord,
  type SynthesisEventRecord,
} from './read/synthesis-records.js';
export {
  type InstanceTestScore,
  readInstanceTestScores,
  readMeanTestScore,
  readTestedCandidates,
  readTestScores,
  type TestScoreRecord,
} from './read/test-scores.js';
export {
  readValidationEvaluations,
  readValidationScores,
  type ValidationEvaluationRecord,
  type ValidationScoreRecord,
} from './read/validation-evaluations.js';
export {
  type RecordedAnswer,
  type RoleAnswers,
  readRunAnswers,
  SqliteAnswerRecorder,
} from './run-answers.js';
export { readRunInvocations, recordRunInvocation } from './run-invocations.js';
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
