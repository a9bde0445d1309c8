import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { forgeVersion, packageVersion } from './package-version.js';

const manifest = (path: string) =>
  (JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { version: string }).version;

describe('packageVersion', () => {
  it("reads an installed package's version, and Forge's from the sdk's package.json", () => {
    expect(forgeVersion()).toBe(manifest('../../package.json'));
    expect(packageVersion('@forge/suite')).toBe(manifest('../../../suite/package.json'));
    expect(packageVersion('@forge/not-a-package')).toBeUndefined();
  });
});
