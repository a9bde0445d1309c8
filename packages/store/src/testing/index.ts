export { foldWriteAheadLog } from './fold-write-ahead-log.js';
export { type FreshRunDatabase, freshRunDatabase } from './fresh-run-database.js';
export { deleteRows, dropTable, plantRows } from './plant-rows.js';
