import { join } from 'node:path';
import { ConfigError } from '../config/config-error.js';
import type { ForgeConfig } from '../config/forge-config-schema.js';

/** The module fields a call gives itself, which a run's saved ones are compared with. */
export interface GivenModules {
  /** A program module given to this call. */
  readonly program?: string | undefined;
  /** A benchmark given to this call (its own choice replaces the run's program). */
  readonly benchmark?: unknown;
  /** Provider modules given to this call, by name. */
  readonly providers?: Readonly<Record<string, string>> | undefined;
}

/**
 * Refuses to import the modules a run directory's `config.json` names (its `program`, its
 * `providers`) unless this call names them again or trusts the run. Importing a module runs its
 * code, and a run directory may come from someone else: reading its results must not run what
 * its config points at. Throws a `ConfigError` naming each module and how to go on.
 */
export function assertRunModulesTrusted(
  runDir: string,
  saved: ForgeConfig,
  given: GivenModules,
  options: { readonly trust?: boolean | undefined; readonly call: string },
): void {
  if (options.trust === true) return;
  const untrusted: string[] = [];
  if (saved.program !== undefined && given.program === undefined && given.benchmark === undefined)
    untrusted.push(`program ${saved.program}`);
  for (const [name, path] of Object.entries(saved.providers ?? {})) {
    if (given.providers?.[name] === undefined) untrusted.push(`providers.${name} ${path}`);
  }
  if (untrusted.length === 0) return;
  throw new ConfigError({
    file: join(runDir, 'config.json'),
    field: untrusted[0]?.startsWith('program') ? 'program' : 'providers',
    message: `names modules that would run as code (${untrusted.join(', ')}); ${options.call} does not import what a run directory names on its own. Give them again (--program <module>, --provider <name>=<module>), or pass --trust-run-modules (trustRunModules: true) if this run is yours`,
  });
}

/** The module fields of a suite config: its provider modules and its benchmarks' programs. */
interface SuiteModuleFields {
  readonly providers?: Readonly<Record<string, string>> | undefined;
  readonly benchmarks?: readonly unknown[] | undefined;
}

/**
 * Refuses to import the modules a suite directory's `suite.json` names (its `providers`, a
 * benchmark's `program`) when the suite is continued from that file alone — `forge suite --dir
 * <dir> --resume` without `-c`, or a worker taking one of its cells — unless the caller trusts
 * the directory. Given again with `-c`, the config is the caller's own (its digest must match).
 * @throws ConfigError naming `suite.json`, each module, and how to go on.
 */
export function assertSuiteModulesTrusted(
  suiteFile: string,
  saved: SuiteModuleFields,
  options: {
    readonly trust?: boolean | undefined;
    readonly call: string;
    /** How the caller can give the suite's config again, when it can (`-c <config>`). */
    readonly giveAgain?: string;
  },
): void {
  if (options.trust === true) return;
  const untrusted: string[] = [];
  for (const [name, path] of Object.entries(saved.providers ?? {}))
    untrusted.push(`providers.${name} ${path}`);
  for (const [index, entry] of (saved.benchmarks ?? []).entries()) {
    const program = (entry as { program?: unknown } | null)?.program;
    if (typeof program === 'string') untrusted.push(`benchmarks.${index}.program ${program}`);
  }
  if (untrusted.length === 0) return;
  throw new ConfigError({
    file: suiteFile,
    field: untrusted[0]?.split(' ')[0] ?? 'providers',
    message: `names modules that would run as code (${untrusted.join(', ')}); ${options.call} does not import what a suite directory names on its own. ${options.giveAgain === undefined ? 'Pass' : `Give the suite's config again (${options.giveAgain}), or pass`} --trust-run-modules (trustRunModules: true) if this suite directory is yours`,
  });
}
