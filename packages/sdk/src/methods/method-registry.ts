import type { Method } from '@forge/method';
import { InvalidArgumentError } from '@forge/provider';
import { importOptional } from '../optional/optional-package.js';
import { createForgeMethod, forgeVariants } from './forge-method.js';

/** Loads a method when it is first used. */
export type MethodLoader = () => Promise<Method>;

/**
 * The loader of a peer method that lives in its own package (an optional peer dependency of the
 * sdk): a package that is not installed fails with `method "<id>" needs <package>: npm install
 * <package>` (an `InvalidArgumentError`, exit 2 in the CLI).
 */
export function optionalMethod(id: string, packageName: string, load: MethodLoader): MethodLoader {
  return () => importOptional({ purpose: `method "${id}"`, packageName, argument: 'method' }, load);
}

// Which package holds each built-in method (its version is recorded with every suite cell).
const packages = new Map<string, string>([
  ...forgeVariants.map((variant): [string, string] => [variant, '@forge/sdk']),
  ['gepa', '@forge/method-gepa'],
  ['gepa-merge', '@forge/method-gepa'],
  ['ace', '@forge/method-ace'],
  ['mipro', '@forge/method-mipro'],
]);

// Forge's variants are built in; peer methods are loaded lazily from their packages (optional
// peer dependencies), so a run of one method never loads another's code.
const loaders = new Map<string, MethodLoader>([
  ...forgeVariants.map((variant): [string, MethodLoader] => [
    variant,
    async () => createForgeMethod(variant),
  ]),
  [
    'gepa',
    optionalMethod(
      'gepa',
      '@forge/method-gepa',
      async () => (await import('@forge/method-gepa')).gepaMethod,
    ),
  ],
  [
    'gepa-merge',
    optionalMethod(
      'gepa-merge',
      '@forge/method-gepa',
      async () => (await import('@forge/method-gepa')).gepaMergeMethod,
    ),
  ],
  [
    'ace',
    optionalMethod(
      'ace',
      '@forge/method-ace',
      async () => (await import('@forge/method-ace')).aceMethod,
    ),
  ],
  [
    'mipro',
    optionalMethod(
      'mipro',
      '@forge/method-mipro',
      async () => (await import('@forge/method-mipro')).miproMethod,
    ),
  ],
]);

/** Registers a method under its id (or the id given), replacing a method of the same id. */
export function registerMethod(method: Method | MethodLoader, id?: string): void {
  if (typeof method === 'function') {
    if (id === undefined) throw new TypeError('registerMethod: a loader needs an id');
    loaders.set(id, method);
    packages.delete(id);
    return;
  }
  loaders.set(id ?? method.id, async () => method);
  packages.delete(id ?? method.id);
}

/** The package of a built-in method (`@forge/sdk` for Forge's variants); undefined for one registered by the user. */
export function methodPackageName(id: string): string | undefined {
  return packages.get(id);
}

/** The ids of every registered method, in registration order. */
export function methodIds(): string[] {
  return [...loaders.keys()];
}

/** True when a method is registered under `id`. */
export function hasMethod(id: string): boolean {
  return loaders.has(id);
}

/** The method registered under `id`. @throws InvalidArgumentError naming the known ids. */
export async function loadMethod(id: string): Promise<Method> {
  const loader = loaders.get(id);
  if (loader === undefined) {
    throw new InvalidArgumentError({
      argument: 'method',
      message: `method: unknown method "${id}" (known: ${methodIds().join(', ')})`,
    });
  }
  return loader();
}
