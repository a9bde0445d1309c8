import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The version of an installed package, from its `package.json` (every Forge package exports it),
 * or undefined when it is not installed or does not say.
 */
export function packageVersion(packageName: string): string | undefined {
  try {
    const manifest = require(`${packageName}/package.json`) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : undefined;
  } catch {
    return undefined;
  }
}

/** Forge's version: the sdk's, which every table, report and export names. */
export function forgeVersion(): string {
  return packageVersion('@forge/sdk') ?? 'unknown';
}
