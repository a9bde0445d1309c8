import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where browser tests put their screenshots: `artifacts/<name>` at the repository root (kept by
 * CI, ignored by git), or under `FORGE_ARTIFACTS_DIR` when set.
 */
export function artifactsDirectory(name: string): string {
  const root =
    process.env['FORGE_ARTIFACTS_DIR'] ?? fileURLToPath(new URL('../../../../artifacts', import.meta.url));
  const directory = `${root}/${name}`;
  mkdirSync(directory, { recursive: true });
  return directory;
}
