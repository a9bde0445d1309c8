import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { sourceFiles } from './source-files.js';
import type { WorkspacePackage } from './workspace-packages.js';

// The scheme of docs/architecture.md ("Test helpers"): a helper another package's tests use is
// exported as `<package>/testing` from `src/testing/index.ts`; a helper only the package's own
// tests use sits in a `__fixtures__` folder beside them and is reached by a relative import that
// never leaves the package.

// `from './…'`, `import './…'`, `import('./…')` of a relative literal.
const relativeImportPattern =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\1/g;

/** Where each `./testing` entry points and which relative imports leave their package. */
export function checkTestHelpers(root: string, packages: readonly WorkspacePackage[]): string[] {
  return packages.flatMap((pkg) => [
    ...testingEntryProblems(root, pkg),
    ...reachProblems(root, pkg),
  ]);
}

function testingEntryProblems(root: string, pkg: WorkspacePackage): string[] {
  const manifest = JSON.parse(readFileSync(join(root, pkg.folder, 'package.json'), 'utf8')) as {
    exports?: Record<string, unknown>;
  };
  const entry = manifest.exports?.['./testing'];
  if (entry === undefined) return [];
  const target = typeof entry === 'string' ? entry : (entry as { import?: unknown }).import;
  const problems: string[] = [];
  if (target !== './dist/testing/index.js') {
    problems.push(
      `${pkg.folder}/package.json: ${pkg.name}/testing points at ${String(target)}, not ./dist/testing/index.js`,
    );
  }
  if (!existsSync(join(root, pkg.folder, 'src', 'testing', 'index.ts'))) {
    problems.push(`${pkg.folder}: ${pkg.name}/testing has no src/testing/index.ts`);
  }
  return problems;
}

function reachProblems(root: string, pkg: WorkspacePackage): string[] {
  const folder = resolve(root, pkg.folder);
  const problems: string[] = [];
  for (const path of sourceFiles(folder)) {
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(relativeImportPattern)) {
      const target = resolve(dirname(path), match[2]!);
      if (target === folder || target.startsWith(`${folder}${sep}`)) continue;
      const line = text.slice(0, match.index).split('\n').length;
      problems.push(
        `${relative(root, path)}:${line}: ${match[2]} leaves ${pkg.name}; use the other package's /testing entry`,
      );
    }
  }
  return problems;
}
