import type { RunDatabase } from '../open-run-database.js';

/** A table or column name: letters, digits and underscores, as every name of the schema is. */
const identifier = /^[a-z_][a-z0-9_]*$/;

function checkIdentifier(name: string): string {
  if (!identifier.test(name))
    throw new Error(`not a table or column name: ${JSON.stringify(name)}`);
  return name;
}

/**
 * Writes rows into a run database's table as given, replacing a row with the same key, in one
 * transaction: for test fixtures that no writer of the store produces — times in the past,
 * hand-edited or hostile values, a run cut in odd places. Each row names its columns; the schema
 * decides the rest (defaults, keys). Never for real runs: their writers keep the tables consistent.
 */
export function plantRows(
  database: RunDatabase,
  table: string,
  rows: readonly Readonly<Record<string, unknown>>[],
): void {
  checkIdentifier(table);
  database.transaction(() => {
    for (const row of rows) {
      const columns = Object.keys(row).map(checkIdentifier);
      database
        .prepare(
          `INSERT OR REPLACE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        )
        .run(...columns.map((column) => row[column]));
    }
  })();
}

/**
 * Deletes the rows of a table whose columns hold the given values (every row when none is given):
 * a fixture for a run missing what its writers always save.
 */
export function deleteRows(
  database: RunDatabase,
  table: string,
  match: Readonly<Record<string, unknown>> = {},
): void {
  const columns = Object.keys(match).map(checkIdentifier);
  const where =
    columns.length === 0 ? '' : ` WHERE ${columns.map((c) => `${c} = ?`).join(' AND ')}`;
  database
    .prepare(`DELETE FROM ${checkIdentifier(table)}${where}`)
    .run(...columns.map((column) => match[column]));
}

/** Drops a table, as a database written before the migration that added it lacks it. */
export function dropTable(database: RunDatabase, table: string): void {
  database.exec(`DROP TABLE ${checkIdentifier(table)}`);
}
