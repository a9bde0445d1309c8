#!/usr/bin/env node
// Measures what a user pays to install @forge/synth, @forge/sdk and @forge/cli alone: every
// public package is packed as it would be published, then each of the three is installed with
// npm from its tarball into an empty project outside the workspace (third-party packages from the
// registry). Reports the packages installed, the size of node_modules and the install's wall
// time, with npm's cache warm (a first install of them all primes it and is not counted).
// Usage: pnpm measure:install  (builds first), or node apps/cli-e2e/scripts/measure-install.mjs
//        [--packages @forge/synth,@forge/sdk,@forge/cli] [--runs 1]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  npmInstall,
  packPublicPackages,
  scratchEnvironment,
  writeScratchProject,
} from '../dist/pack-workspace.js';

const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index < 0 ? fallback : process.argv[index + 1];
};
const targets = argument('--packages', '@forge/synth,@forge/sdk,@forge/cli').split(',');
const runs = Number(argument('--runs', '1'));
const root = mkdtempSync(join(tmpdir(), 'forge-measure-install-'));

try {
  const tarballs = join(root, 'tarballs');
  mkdirSync(tarballs);
  const packed = await packPublicPackages(tarballs);
  const install = async (name, direct) => {
    const directory = join(root, name);
    mkdirSync(directory);
    writeScratchProject(directory, direct, packed);
    return { directory, milliseconds: await npmInstall(directory, 900_000) };
  };
  // Warm npm's cache with every target's dependencies once; the measured installs follow.
  await install('warm-up', targets);
  const rows = [];
  for (const target of targets) {
    const times = [];
    let directory = '';
    for (let run = 0; run < runs; run++) {
      const measured = await install(`${target.replace('/', '+')}-${run}`, [target]);
      times.push(measured.milliseconds);
      directory = measured.directory;
    }
    const modules = join(directory, 'node_modules');
    const kilobytes = Number(
      execFileSync('du', ['-sk', modules], { encoding: 'utf8' }).split('\t')[0],
    );
    const parseable = execFileSync('npm', ['ls', '--all', '--parseable'], {
      cwd: directory,
      encoding: 'utf8',
      env: scratchEnvironment(),
    });
    // Every installed package directory (nested copies of one name count apart).
    const packages = new Set(parseable.split('\n').filter((line) => line.includes('node_modules')));
    const forge = readdirSync(join(modules, '@forge')).length;
    rows.push({
      package: target,
      packages: packages.size,
      forgePackages: forge,
      megabytes: Math.round(kilobytes / 1024),
      seconds: Math.round(Math.min(...times) / 100) / 10,
    });
  }
  console.log(
    '| package | packages installed (of them @forge/*) | node_modules | npm install, warm cache |',
  );
  console.log('|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| \`${row.package}\` | ${row.packages} (${row.forgePackages}) | ${row.megabytes} MB | ${row.seconds} s |`,
    );
  }
  console.log(
    `\nnode ${process.version}, npm ${execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim()}, ${new Date().toISOString().slice(0, 10)}`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
