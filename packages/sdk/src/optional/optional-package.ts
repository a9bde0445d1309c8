import { InvalidArgumentError } from '@forge/provider';

/**
 * A package the sdk loads only when something names it: a benchmark, a provider, a peer method,
 * the suite queue or tsx. They are optional peer dependencies, so an application installs only
 * the ones it uses (the `forge` command depends on all of them).
 */
export interface OptionalPackage {
  /** What needs the package, as the error message says it: `benchmark "aime"`. */
  readonly purpose: string;
  /** The npm package to install, e.g. `@forge/bench-aime`. */
  readonly packageName: string;
  /** The argument or config field the error names (`benchmark`, `model`, `method`, …). */
  readonly argument: string;
}

/**
 * True when `error` says that `packageName` itself cannot be found (ESM `ERR_MODULE_NOT_FOUND`
 * or CommonJS `MODULE_NOT_FOUND`). A package that is installed but misses one of its own
 * dependencies names that dependency instead, and is not mistaken for this one.
 */
export function isMissingPackage(error: unknown, packageName: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  const message = error instanceof Error ? error.message : String(error);
  // Node quotes the missing specifier: "Cannot find package 'x' imported from …" (ESM),
  // "Cannot find module 'x'" (CommonJS); a subpath import ('tsx/esm/api') names the package.
  return [`'${packageName}'`, `"${packageName}"`, `'${packageName}/`].some((quoted) =>
    message.includes(quoted),
  );
}

/** The error for an optional package that is not installed: what needs it and how to install it. */
export function missingPackageError(need: OptionalPackage, cause: unknown): InvalidArgumentError {
  return new InvalidArgumentError({
    argument: need.argument,
    message: `${need.purpose} needs ${need.packageName}: ${howToInstall(need.packageName)}`,
    cause,
  });
}

/**
 * How to install a package. Forge's own come from the tarballs of a checkout, never by name
 * from the npm registry: the `@forge` scope there belongs to another publisher.
 */
export function howToInstall(packageName: string): string {
  return packageName.startsWith('@forge/')
    ? 'install its tarball (pnpm pack:all in a Forge checkout prints the npm install line)'
    : `npm install ${packageName}`;
}

/**
 * Runs `load` (a dynamic import of the package); a missing package becomes an
 * `InvalidArgumentError` saying what needs it and how to install it. Other errors pass through.
 */
export async function importOptional<T>(need: OptionalPackage, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissingPackage(error, need.packageName)) throw missingPackageError(need, error);
    throw error;
  }
}

/** `importOptional` for a synchronous `load` (a `require()` of the package). */
export function requireOptional<T>(need: OptionalPackage, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (isMissingPackage(error, need.packageName)) throw missingPackageError(need, error);
    throw error;
  }
}
