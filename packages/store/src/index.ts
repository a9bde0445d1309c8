export { migrations } from './migrations.js';
export {
  databaseFileName,
  openRunDatabase,
  type OpenRunDatabaseOptions,
  type RunDatabase,
} from './open-run-database.js';
export { SqliteRunStore } from './sqlite-run-store.js';
export { StoreError, type StoreErrorReason } from './store-error.js';
