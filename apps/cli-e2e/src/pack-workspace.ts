import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// Packs the workspace's public packages as `pnpm publish` would (workspace: ranges rewritten to
// versions, the root LICENSE added) and installs them with npm into scratch projects outside the
// workspace. Used by install.e2e.test.ts and scripts/measure-install.mjs.
const run = promisify(execFile);

/** The repository root (this file is apps/cli-e2e/{src,dist}/pack-workspace.*). */
export const workspaceRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The folders that hold workspace packages. */
const packageGroups = ['packages', 'benchmarks', 'methods', 'apps'];

/** A manifest as far as packing reads it. */
export interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly exports?: Record<string, unknown>;
  readonly [field: string]: unknown;
}

/** A public workspace package. */
export interface PublicPackage {
  readonly name: string;
  /** Its folder relative to the repository root, e.g. `packages/sdk`. */
  readonly folder: string;
  readonly manifest: PackageManifest;
}

/** A public package packed into a tarball. */
export interface PackedPackage extends PublicPackage {
  /** Absolute path of the `.tgz`. */
  readonly tarball: string;
  /** The package.json inside the tarball (what the registry would serve). */
  readonly packedManifest: PackageManifest;
  /** Every path in the tarball, without the leading `package/`. */
  readonly files: readonly string[];
}

/** Every workspace package that is not private, by folder. */
export function publicPackages(): PublicPackage[] {
  const found: PublicPackage[] = [];
  for (const group of packageGroups) {
    for (const entry of readdirSync(join(workspaceRoot, group)).sort()) {
      const file = join(workspaceRoot, group, entry, 'package.json');
      if (!existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as PackageManifest;
      if (manifest.private !== true)
        found.push({ name: manifest.name, folder: `${group}/${entry}`, manifest });
    }
  }
  return found;
}

/** The import specifiers a package exports: `@forge/x`, `@forge/x/testing` (no JSON files). */
export function exportedSpecifiers(manifest: PackageManifest): string[] {
  return Object.keys(manifest.exports ?? { '.': {} })
    .filter((path) => !path.endsWith('.json'))
    .map((path) => (path === '.' ? manifest.name : `${manifest.name}${path.slice(1)}`));
}

/** Packs every public package into `destination` with `pnpm pack` (a few at a time). */
export async function packPublicPackages(destination: string): Promise<PackedPackage[]> {
  const queue = publicPackages();
  const packed: PackedPackage[] = [];
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      packed.push(await packOne(next, destination));
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return packed.sort((a, b) => a.name.localeCompare(b.name));
}

async function packOne(pkg: PublicPackage, destination: string): Promise<PackedPackage> {
  const { stdout } = await run('pnpm', ['pack', '--pack-destination', destination, '--json'], {
    cwd: join(workspaceRoot, pkg.folder),
    maxBuffer: 64 * 1024 * 1024,
  });
  const { filename } = JSON.parse(stdout) as { filename: string };
  const tarball = filename.startsWith('/') ? filename : join(destination, filename);
  const [{ stdout: manifestText }, { stdout: listing }] = await Promise.all([
    run('tar', ['-xzOf', tarball, 'package/package.json'], { maxBuffer: 16 * 1024 * 1024 }),
    run('tar', ['-tzf', tarball], { maxBuffer: 64 * 1024 * 1024 }),
  ]);
  return {
    ...pkg,
    tarball,
    packedManifest: JSON.parse(manifestText) as PackageManifest,
    files: listing
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.replace(/^package\//, '')),
  };
}

/**
 * The packed packages `names` need: themselves and, transitively, the Forge packages they depend
 * on (`dependencies`; optional peers such as benchmarks are left out), sorted by name.
 */
export function withForgeDependencies(
  names: readonly string[],
  packed: readonly PackedPackage[],
): PackedPackage[] {
  const byName = new Map(packed.map((pkg) => [pkg.name, pkg]));
  const needed = new Set<string>();
  const visit = (name: string) => {
    const pkg = byName.get(name);
    if (pkg === undefined || needed.has(name)) return;
    needed.add(name);
    const dependencies = (pkg.packedManifest['dependencies'] ?? {}) as Record<string, string>;
    for (const dependency of Object.keys(dependencies)) visit(dependency);
  };
  for (const name of names) visit(name);
  return packed.filter((pkg) => needed.has(pkg.name));
}

/**
 * The one `npm install` command for a set of tarballs: every Forge package a project needs is
 * named on the line, so npm takes each from its tarball (none of them is on the registry under
 * this name: the `@forge` scope there belongs to another publisher) and needs no `overrides`.
 */
export function npmInstallArguments(tarballs: readonly PackedPackage[]): string[] {
  return ['install', ...tarballs.map((pkg) => pkg.tarball)];
}

/**
 * Writes the package.json of a scratch project that depends on the `direct` packages' tarballs;
 * every other Forge package resolves to its tarball through npm `overrides` (they are not on the
 * registry), third-party packages come from the registry.
 */
export function writeScratchProject(
  directory: string,
  direct: readonly string[],
  packed: readonly PackedPackage[],
): void {
  const tarballOf = (pkg: PackedPackage) => `file:${pkg.tarball}`;
  writeFileSync(
    join(directory, 'package.json'),
    `${JSON.stringify(
      {
        name: 'forge-scratch',
        version: '0.0.0',
        private: true,
        dependencies: Object.fromEntries(
          packed
            .filter((pkg) => direct.includes(pkg.name))
            .map((pkg) => [pkg.name, tarballOf(pkg)]),
        ),
        overrides: Object.fromEntries(
          packed
            .filter((pkg) => !direct.includes(pkg.name))
            .map((pkg) => [pkg.name, tarballOf(pkg)]),
        ),
      },
      null,
      2,
    )}\n`,
  );
}

/**
 * The environment of everything run in a scratch project: this process's, without `NODE_PATH`
 * (pnpm's shims point it into the workspace, where `require()` would find what the scratch
 * project lacks). better-sqlite3 compiles from source (its prebuilt binaries are on GitHub, out
 * of reach): node-gyp needs Node's headers, which Debian's nodejs-dev puts under /usr.
 */
export function scratchEnvironment(): NodeJS.ProcessEnv {
  const environment = { ...process.env };
  delete environment['NODE_PATH'];
  if (environment['npm_config_nodedir'] === undefined && existsSync('/usr/include/node/node.h'))
    environment['npm_config_nodedir'] = '/usr';
  return environment;
}

/**
 * `npm install` in a scratch project, preferring npm's cache; returns its wall time. With
 * `tarballs`, installs them as `npmInstallArguments` gives (the documented line).
 */
export async function npmInstall(
  directory: string,
  timeoutMs: number,
  tarballs?: readonly PackedPackage[],
): Promise<number> {
  const started = performance.now();
  const install = tarballs === undefined ? ['install'] : npmInstallArguments(tarballs);
  await run(
    'npm',
    [...install, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
    {
      cwd: directory,
      env: scratchEnvironment(),
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return performance.now() - started;
}
