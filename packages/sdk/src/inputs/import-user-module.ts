import { extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importOptional } from '../optional/optional-package.js';

/** The extensions of a module file that run as TypeScript (through tsx). */
const typeScriptExtensions = ['.ts', '.mts', '.cts'];

/** Every extension a user's module file may have: TypeScript or JavaScript, ESM or CommonJS. */
export const userModuleExtensions = [...typeScriptExtensions, '.js', '.mjs', '.cjs'] as const;

/**
 * Imports a module file the user wrote — a program, a provider, a config file — and returns its
 * exports. Every user module loads through here, so `.ts`, `.mts` and `.cts` files work wherever
 * `.js`, `.mjs` and `.cjs` files do: TypeScript runs through tsx (an optional package: when it is
 * missing, the error says what needs it and how to install it), JavaScript through Node's own
 * `import()`.
 *
 * @param file An absolute path.
 * @param need What the module is for, for the missing-tsx error: `TypeScript program module
 * ./app.ts`, and the argument or field that named it.
 * @throws whatever loading the module throws (a syntax error, a missing import); the caller
 * wraps it with the file's name.
 */
export async function importUserModule(
  file: string,
  need: { readonly purpose: string; readonly argument: string },
): Promise<Record<string, unknown>> {
  const url = pathToFileURL(file).href;
  if (!typeScriptExtensions.includes(extname(file))) {
    return exportsOf((await import(url)) as Record<string, unknown>);
  }
  const tsx = await importOptional(
    { purpose: need.purpose, packageName: 'tsx', argument: need.argument },
    () => import('tsx/esm/api'),
  );
  return exportsOf((await tsx.tsImport(url, import.meta.url)) as Record<string, unknown>);
}

/**
 * The exports as the module's author wrote them. A `.ts` file outside a `"type": "module"`
 * package runs as CommonJS compiled from ESM: its namespace's `default` is the whole exports
 * object, marked `__esModule`, with the real default export one level down.
 */
function exportsOf(namespace: Record<string, unknown>): Record<string, unknown> {
  const inner = namespace['default'];
  return typeof inner === 'object' &&
    inner !== null &&
    (inner as Record<string, unknown>)['__esModule'] === true
    ? (inner as Record<string, unknown>)
    : namespace;
}
