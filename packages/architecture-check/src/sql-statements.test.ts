import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findSql, sqlStatements } from './sql-statements.js';
import { readWorkspacePackages } from './workspace-packages.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('the store owns the SQL on run databases', () => {
  it('finds statements and statement calls, not prose or regular expressions', () => {
    const found = findSql(
      'x.ts',
      [
        "db.prepare('SELECT key, value FROM meta').all();",
        'const sql = `INSERT OR REPLACE INTO meta (key) VALUES (?)`;',
        'run("DELETE FROM steps"); database.pragma(\'integrity_check\');',
        '// An UPDATE rewrites content; select the best, then update it.',
        "const name = /^## (.+)$/m.exec(text); const label = 'Select a file from the list';",
      ].join('\n'),
    );
    expect(found.map((statement) => [statement.line, statement.text])).toEqual([
      [1, '.prepare('],
      [1, "'SELECT key, value FROM"],
      [2, '`INSERT OR REPLACE INTO'],
      [3, '"DELETE FROM'],
      [3, '.pragma('],
    ]);
  });

  // Tests and measurement scripts included: they read run databases through the store's readers
  // and plant fixture rows with `@forge/store/testing`.
  it('no package but @forge/store holds SQL, in its source, tests or scripts', () => {
    const files = new Set(
      readWorkspacePackages(root)
        // This package's own tests write SQL into strings, to show that it is found.
        .filter((pkg) => pkg.name !== '@forge/store' && pkg.name !== '@forge/architecture-check')
        .flatMap((pkg) => sqlStatements(root, pkg.folder))
        .map((statement) => statement.file),
    );
    expect([...files].sort()).toEqual([]);
  });
});
