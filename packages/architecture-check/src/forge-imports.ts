import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sourceFiles } from './source-files.js';

/** One import of a workspace package found in a source file. */
export interface ForgeImport {
  /** The imported package's name, without any subpath: `@forge/core` for `@forge/core/testing`. */
  readonly name: string;
  /** The file, relative to the repository root. */
  readonly file: string;
  /** Its 1-based line. */
  readonly line: number;
  /** Whether the file is test-only: a test, a fixture, a bench or a script. */
  readonly testOnly: boolean;
}

// `from '…'`, `import '…'`, `import('…')`, `require('…')`, `require.resolve('…')` of a literal.
const importPattern =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire(?:\.resolve)?\s*\(\s*)(['"])(@forge\/[a-z0-9-]+)(?:\/[^'"]*)?\1/g;

function isTestOnly(path: string): boolean {
  return (
    /\.(test|bench|e2e\.test)\.[cm]?[tj]sx?$/.test(path) ||
    /(^|\/)(__fixtures__|fixtures|scripts|bench)(\/|$)/.test(path)
  );
}

/** Every import of a `@forge/*` package in the package folder's source files. */
export function forgeImports(root: string, folder: string): ForgeImport[] {
  const found: ForgeImport[] = [];
  for (const path of sourceFiles(join(root, folder))) {
    const file = relative(root, path);
    const inFolder = relative(join(root, folder), path);
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      found.push({
        name: match[2]!,
        file,
        line: text.slice(0, match.index).split('\n').length,
        testOnly: isTestOnly(inFolder),
      });
    }
  }
  return found;
}
