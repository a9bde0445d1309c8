import { describe, expect, it } from 'vitest';
import { readArrowsTable } from './arrows-table.js';
import { checkArrows } from './check-arrows.js';
import type { ForgeImport } from './forge-imports.js';
import type { WorkspacePackage } from './workspace-packages.js';

const table = `# House
<!-- arrows:start -->
| package | floor | may depend on | its tests and scripts may also use |
|---|---|---|---|
| \`@forge/provider\` | 0 | — | — |
| \`@forge/program\` | 1 | provider | — |
| \`@forge/sim\` | 2 | provider, program | — |
| \`@forge/method-x\` | 3 | provider; optional peers: program | sim |
| \`@forge/examples\` | 4 | every package below | — |
<!-- arrows:end -->
`;

const pkg = (
  name: string,
  runtimeDependencies: string[] = [],
  developmentDependencies: string[] = [],
): WorkspacePackage => ({
  name,
  folder: name.replace('@forge/', 'packages/'),
  runtimeDependencies,
  developmentDependencies,
});

const found = (name: string, file: string, testOnly = false): ForgeImport => ({
  name,
  file,
  line: 3,
  testOnly,
});

const house = [
  pkg('@forge/provider'),
  pkg('@forge/program', ['@forge/provider']),
  pkg('@forge/sim', ['@forge/provider', '@forge/program']),
  pkg('@forge/method-x', ['@forge/provider', '@forge/program'], ['@forge/sim']),
  pkg('@forge/examples', ['@forge/sim', '@forge/method-x']),
];

describe('readArrowsTable', () => {
  it('reads floors and names, drops the words before a colon and the dashes', () => {
    const rows = readArrowsTable(table);
    expect(rows.map((row) => [row.name, row.floor, row.mayDependOn, row.testsMayUse])).toEqual([
      ['@forge/provider', 0, [], []],
      ['@forge/program', 1, ['provider'], []],
      ['@forge/sim', 2, ['provider', 'program'], []],
      ['@forge/method-x', 3, ['provider', 'program'], ['sim']],
      ['@forge/examples', 4, [], []],
    ]);
    expect(rows[4]?.everyLowerPackage).toBe(true);
    expect(rows[1]?.line).toBe(6);
  });

  it('names the line of a malformed row, and a file without the markers', () => {
    expect(() => readArrowsTable(table.replace('| 1 | provider |', '| one | provider |'))).toThrow(
      'docs/architecture.md:6: a row needs four cells',
    );
    expect(() => readArrowsTable('# nothing here', 'x.md')).toThrow('x.md: no arrows table');
  });
});

describe('checkArrows', () => {
  const rows = readArrowsTable(table);

  it('passes a house that keeps its rows', () => {
    const importsByPackage = new Map([
      [
        '@forge/method-x',
        [found('@forge/program', 'a.ts'), found('@forge/sim', 'a.test.ts', true)],
      ],
      ['@forge/examples', [found('@forge/program', 'e.ts')]],
    ]);
    expect(checkArrows({ rows, packages: house, importsByPackage })).toEqual([]);
  });

  it('finds a forbidden import, a test helper used by code, and an import upward', () => {
    const importsByPackage = new Map([
      ['@forge/program', [found('@forge/sim', 'packages/program/src/run.ts')]],
      ['@forge/method-x', [found('@forge/sim', 'packages/method-x/src/method.ts')]],
    ]);
    expect(checkArrows({ rows, packages: house, importsByPackage })).toEqual([
      {
        from: '@forge/program',
        to: '@forge/sim',
        message: 'packages/program/src/run.ts:3: code of @forge/program imports @forge/sim',
      },
      {
        from: '@forge/method-x',
        to: '@forge/sim',
        message: 'packages/method-x/src/method.ts:3: code of @forge/method-x imports @forge/sim',
      },
    ]);
  });

  it('finds dependencies beyond the row in package.json, runtime and dev', () => {
    const packages = [
      ...house.slice(0, 3),
      pkg('@forge/method-x', ['@forge/provider', '@forge/sim'], ['@forge/examples']),
      house[4]!,
    ];
    expect(
      checkArrows({ rows, packages, importsByPackage: new Map() }).map((p) => p.message),
    ).toEqual([
      'packages/method-x/package.json: @forge/method-x depends on @forge/sim, not in its row',
      'packages/method-x/package.json: @forge/method-x has @forge/examples as a dev dependency, not in its row',
    ]);
  });

  it('refuses a table row that points at its own floor or above, and rows without packages', () => {
    const upward = readArrowsTable(table.replace('| 1 | provider |', '| 1 | provider, sim |'));
    expect(
      checkArrows({ rows: upward, packages: house, importsByPackage: new Map() }).map(
        (p) => p.message,
      ),
    ).toEqual(['line 6: @forge/program (floor 1) points at sim on floor 2: arrows go down']);
    expect(
      checkArrows({
        rows,
        packages: [...house, pkg('@forge/new-thing')],
        importsByPackage: new Map(),
      }).map((p) => p.message),
    ).toEqual(['packages/new-thing: @forge/new-thing has no row in the arrows table']);
  });

  it('lets "every package below" use lower floors only', () => {
    const importsByPackage = new Map([['@forge/examples', [found('@forge/examples-2', 'e.ts')]]]);
    expect(checkArrows({ rows, packages: house, importsByPackage }).map((p) => p.message)).toEqual([
      'e.ts:3: code of @forge/examples imports @forge/examples-2',
    ]);
  });
});
