import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findSql, sqlStatements } from './sql-statements.js';
import { readWorkspacePackages } from './workspace-packages.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

// Test files and measurement scripts outside the store that still query a run database directly,
// which issue 35 moves onto the store's readers. The list may only shrink: SQL in any other file
// fails the test, and so does an entry whose file no longer holds any (delete it then).
const beingMoved: readonly string[] = [
  'apps/cli-e2e/src/appworld.e2e.test.ts',
  'apps/cli-e2e/src/cli.e2e.test.ts',
  'apps/cli-e2e/src/endpoint-pool.e2e.test.ts',
  'apps/cli-e2e/src/kill-and-resume.ts',
  'apps/cli-e2e/src/local-model.e2e.test.ts',
  'apps/cli-e2e/src/peer-reports.e2e.test.ts',
  'apps/cli-e2e/src/report.e2e.test.ts',
  'apps/cli-e2e/src/run-contents.ts',
  'apps/cli-e2e/src/run-lifecycle.e2e.test.ts',
  'apps/cli-e2e/src/telemetry.e2e.test.ts',
  'apps/cli-e2e/src/terminal.e2e.test.ts',
  'apps/cli-e2e/src/user-modules.e2e.test.ts',
  'packages/fault-suite/bench/cli-runs.ts',
  'packages/fault-suite/bench/load.ts',
  'packages/fault-suite/bench/trials.ts',
  'packages/fault-suite/src/load.test.ts',
  'packages/report/src/data/load-answers.test.ts',
  'packages/report/src/data/load-report-data.test.ts',
  'packages/report/src/suite/load-suite-cell-details.test.ts',
  'packages/sdk/src/run/optimize-ace.test.ts',
  'packages/sdk/src/run/optimize-telemetry.test.ts',
  'packages/sdk/src/run/optimize-typed-modules.test.ts',
  'packages/sdk/src/run/optimize.test.ts',
  'packages/sdk/src/run/simulated-world.e2e.test.ts',
  'packages/sdk/src/suite/suite-report-figures.test.ts',
];

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

  it('no package but @forge/store holds SQL (apart from the files still being moved)', () => {
    const files = new Set(
      readWorkspacePackages(root)
        // This package's own tests write SQL into strings, to show that it is found.
        .filter((pkg) => pkg.name !== '@forge/store' && pkg.name !== '@forge/architecture-check')
        .flatMap((pkg) => sqlStatements(root, pkg.folder))
        .map((statement) => statement.file),
    );
    expect([...files].filter((file) => !beingMoved.includes(file)).sort()).toEqual([]);
    expect(beingMoved.filter((file) => !files.has(file))).toEqual([]);
  });
});
