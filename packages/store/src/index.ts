export { migrations } from './migrations.js';
export {
  databaseFileName,
  type OpenRunDatabaseOptions,
  openRunDatabase,
  type RunDatabase,
} from './open-run-database.js';
export { SqliteCallCache } from './sqlite-call-cache.js';
export { SqliteCallRecorder } from './sqlite-call-recorder.js';
export { SqliteCheckpointStore } from './sqlite-checkpoint-store.js';
export { SqliteRunStore } from './sqlite-run-store.js';
export { SqliteSynthesisJournal } from './sqlite-synthesis-journal.js';
export { StoreError, type StoreErrorReason } from './store-error.js';
