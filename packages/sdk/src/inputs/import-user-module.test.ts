import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importUserModule } from './import-user-module.js';

const root = mkdtempSync(join(tmpdir(), 'forge-user-module-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const need = { purpose: 'a test module', argument: 'module' };
const typed = `export default function twice(text: string): string { return text + text; }
export const label: string = 'typed';
`;

describe('importUserModule', () => {
  it('gives the same exports for .ts, .mts, .js and .mjs files, in or out of an ESM package', async () => {
    const esm = join(root, 'esm');
    mkdirSync(esm);
    writeFileSync(join(esm, 'package.json'), '{ "type": "module" }');
    const files = {
      [join(root, 'plain.ts')]: typed,
      [join(esm, 'in-package.ts')]: typed,
      [join(root, 'plain.mts')]: typed,
      [join(root, 'plain.mjs')]: typed
        .replace('(text: string): string', '(text)')
        .replace(': string', ''),
      [join(esm, 'in-package.js')]: typed
        .replace('(text: string): string', '(text)')
        .replace(': string', ''),
    };
    for (const [file, text] of Object.entries(files)) {
      writeFileSync(file, text);
      const exported = await importUserModule(file, need);
      expect(exported['label'], file).toBe('typed');
      expect((exported['default'] as (text: string) => string)('ab'), file).toBe('abab');
    }
  });

  it('lets a load failure through for the caller to name the file', async () => {
    const file = join(root, 'broken.ts');
    writeFileSync(file, 'export const = ;\n');
    await expect(importUserModule(file, need)).rejects.toThrow();
  });
});
