import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A workspace package as the arrows check reads it. */
export interface WorkspacePackage {
  /** Its name, e.g. `@forge/sdk`. */
  readonly name: string;
  /** Its folder relative to the repository root, e.g. `packages/sdk`. */
  readonly folder: string;
  /** `@forge/*` names in `dependencies`, `peerDependencies` and `optionalDependencies`. */
  readonly runtimeDependencies: readonly string[];
  /** `@forge/*` names in `devDependencies`. */
  readonly developmentDependencies: readonly string[];
}

/** Lists the folders named by `pnpm-workspace.yaml`'s `packages:` globs (`dir/*` or `dir`). */
export function workspaceFolders(root: string): string[] {
  const text = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const globs: string[] = [];
  let inPackages = false;
  for (const line of text.split('\n')) {
    if (/^packages:\s*$/.test(line)) inPackages = true;
    else if (/^\S/.test(line)) inPackages = false;
    else if (inPackages) {
      const match = /^\s*-\s*["']?([^"']+)["']?\s*$/.exec(line);
      if (match) globs.push(match[1]!);
    }
  }
  return globs.flatMap((glob) => {
    if (!glob.endsWith('/*')) return [glob];
    const parent = glob.slice(0, -2);
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`);
  });
}

const forgeNames = (field: unknown): string[] =>
  Object.keys((field as Record<string, unknown> | undefined) ?? {}).filter((name) =>
    name.startsWith('@forge/'),
  );

/** Reads every workspace package's name and `@forge/*` dependencies. */
export function readWorkspacePackages(root: string): WorkspacePackage[] {
  return workspaceFolders(root)
    .filter((folder) => existsSync(join(root, folder, 'package.json')))
    .map((folder) => {
      const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as {
        name: string;
        [field: string]: unknown;
      };
      return {
        name: manifest.name,
        folder,
        runtimeDependencies: [
          ...new Set([
            ...forgeNames(manifest['dependencies']),
            ...forgeNames(manifest['peerDependencies']),
            ...forgeNames(manifest['optionalDependencies']),
          ]),
        ],
        developmentDependencies: forgeNames(manifest['devDependencies']),
      };
    });
}
