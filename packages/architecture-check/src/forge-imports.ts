import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

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

const sourceExtensions = /\.(c|m)?(t|j)sx?$/;
const skippedFolders = new Set(['node_modules', 'dist', '.turbo']);
// `from '…'`, `import '…'`, `import('…')`, `require('…')`, `require.resolve('…')` of a literal.
const importPattern =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire(?:\.resolve)?\s*\(\s*)(['"])(@forge\/[a-z0-9-]+)(?:\/[^'"]*)?\1/g;

function isTestOnly(path: string): boolean {
  return (
    /\.(test|bench|e2e\.test)\.[cm]?[tj]sx?$/.test(path) ||
    /(^|\/)(__fixtures__|fixtures|scripts|bench)(\/|$)/.test(path)
  );
}

/** The source files under a folder, skipping `node_modules`, `dist`, `.turbo` and `.d.ts` files. */
export function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (skippedFolders.has(entry.name)) continue;
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (sourceExtensions.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  walk(folder);
  return files;
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
