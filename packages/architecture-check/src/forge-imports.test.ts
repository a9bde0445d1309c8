import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { forgeImports } from './forge-imports.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'forge-arrows-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('forgeImports', () => {
  it('finds static, type, side-effect and dynamic imports and requires, with subpaths and lines', () => {
    const root = tree({
      'pkg/src/a.ts': [
        "import { x } from '@forge/program';",
        "import type { Y } from '@forge/provider/testing';",
        "import '@forge/sim';",
        "const core = await import('@forge/core');",
        "const store = require('@forge/store');",
        "const where = require.resolve('@forge/cli/package.json');",
        "export { z } from '@forge/suite';",
        "const notAnImport = '@forge/report is a string';",
      ].join('\n'),
    });
    expect(forgeImports(root, 'pkg').map((found) => [found.name, found.line])).toEqual([
      ['@forge/program', 1],
      ['@forge/provider', 2],
      ['@forge/sim', 3],
      ['@forge/core', 4],
      ['@forge/store', 5],
      ['@forge/cli', 6],
      ['@forge/suite', 7],
    ]);
  });

  it('marks tests, fixtures, scripts and benches as test-only, skips dist and node_modules', () => {
    const root = tree({
      'pkg/src/run.ts': "import '@forge/a';",
      'pkg/src/run.test.ts': "import '@forge/b';",
      'pkg/src/__fixtures__/toy.ts': "import '@forge/c';",
      'pkg/scripts/measure.mjs': "import '@forge/d';",
      'pkg/bench/speed.bench.ts': "import '@forge/e';",
      'pkg/src/testing/index.ts': "import '@forge/f';",
      'pkg/dist/run.js': "import '@forge/g';",
      'pkg/node_modules/x/index.js': "import '@forge/h';",
    });
    const found = forgeImports(root, 'pkg').map((entry) => [entry.name, entry.testOnly]);
    expect(found.sort()).toEqual([
      ['@forge/a', false],
      ['@forge/b', true],
      ['@forge/c', true],
      ['@forge/d', true],
      ['@forge/e', true],
      ['@forge/f', false],
    ]);
  });
});
