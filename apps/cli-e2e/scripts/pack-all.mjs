#!/usr/bin/env node
// Packs every public package of this checkout as it would be published into one folder, and
// prints the `npm install` line that installs them into any project — no registry name, no
// `overrides`. The `@forge` scope on the public npm registry belongs to another publisher: its
// packages are not this project's, so Forge is installed from these tarballs.
// Usage: pnpm pack:all  (builds first), or node apps/cli-e2e/scripts/pack-all.mjs [--out <folder>]
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  npmInstallArguments,
  packPublicPackages,
  withForgeDependencies,
  workspaceRoot,
} from '../dist/pack-workspace.js';

const index = process.argv.indexOf('--out');
const out = resolve(index < 0 ? join(workspaceRoot, 'forge-packages') : process.argv[index + 1]);
mkdirSync(out, { recursive: true });
for (const file of readdirSync(out)) if (file.endsWith('.tgz')) rmSync(join(out, file));

const packed = await packPublicPackages(out);
const line = (tarballs) => `npm ${npmInstallArguments(tarballs).join(' ')}`;
const everything = line(packed);
const library = line(withForgeDependencies(['@forge/sdk'], packed));
const text = `# ${packed.length} Forge packages packed from ${workspaceRoot}
# Install them from these tarballs, never by name from the npm registry: the @forge scope there
# belongs to another publisher (its @forge/cli installs a different \`forge\` command).

# Everything: the \`forge\` command (npx forge …), the library, benchmarks, providers, methods:
${everything}

# The library alone (@forge/sdk and the Forge packages it depends on; add tsx to load .ts modules,
# and a provider, benchmark or method tarball from this folder when you use one):
${library}
`;
writeFileSync(join(out, 'INSTALL.txt'), text);
process.stdout.write(`${text}\n# (also written to ${join(out, 'INSTALL.txt')})\n`);
