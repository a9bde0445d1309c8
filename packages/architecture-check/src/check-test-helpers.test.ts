import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkTestHelpers } from './check-test-helpers.js';
import { readWorkspacePackages, type WorkspacePackage } from './workspace-packages.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'forge-helpers-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const pkg = (name: string, folder: string): WorkspacePackage => ({
  name,
  folder,
  runtimeDependencies: [],
  developmentDependencies: [],
});

describe('checkTestHelpers', () => {
  it('accepts a /testing entry built from src/testing and fixtures reached from inside', () => {
    const root = tree({
      'a/package.json': JSON.stringify({
        exports: { './testing': { import: './dist/testing/index.js' } },
      }),
      'a/src/testing/index.ts': 'export {};',
      'a/src/x/x.test.ts': "import { f } from '../__fixtures__/f.js';",
    });
    expect(checkTestHelpers(root, [pkg('@forge/a', 'a')])).toEqual([]);
  });

  it("names a test that reaches into another package's fixtures, and a misplaced entry", () => {
    const root = tree({
      'a/package.json': JSON.stringify({ exports: { './testing': './dist/helpers.js' } }),
      'b/package.json': '{}',
      'b/src/b.test.ts': "\nimport { f } from '../../a/src/__fixtures__/f.js';",
    });
    expect(checkTestHelpers(root, [pkg('@forge/a', 'a'), pkg('@forge/b', 'b')])).toEqual([
      'a/package.json: @forge/a/testing points at ./dist/helpers.js, not ./dist/testing/index.js',
      'a: @forge/a/testing has no src/testing/index.ts',
      "b/src/b.test.ts:2: ../../a/src/__fixtures__/f.js leaves @forge/b; use the other package's /testing entry",
    ]);
  });

  it('holds on the workspace', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    // This package's own tests write import lines into strings.
    const packages = readWorkspacePackages(root).filter(
      (found) => found.name !== '@forge/architecture-check',
    );
    expect(checkTestHelpers(root, packages)).toEqual([]);
  });
});
