export { type FreshRunDatabase, freshRunDatabase } from './fresh-run-database.js';
export { dropTable, plantRows } from './plant-rows.js';
