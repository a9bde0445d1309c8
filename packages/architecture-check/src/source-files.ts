import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const sourceExtensions = /\.(c|m)?(t|j)sx?$/;
const skippedFolders = new Set(['node_modules', 'dist', '.turbo']);

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
