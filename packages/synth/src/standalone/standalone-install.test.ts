import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// @forge/synth must work in a project that installs nothing else of Forge: pack it and its
// workspace dependencies as npm would publish them, install the tarballs into a scratch
// project (zod comes from the registry), and run a script there that imports only @forge/synth.
const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const synthRoot = resolve(here, '../..');
const packagesRoot = resolve(synthRoot, '..');
const scratch = mkdtempSync(join(tmpdir(), 'forge-synth-standalone-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The workspace packages @forge/synth needs, followed through their manifests (folder names). */
function workspaceClosure(start: string): string[] {
  const found = new Set<string>();
  const visit = (folder: string): void => {
    const manifest = JSON.parse(readFileSync(join(packagesRoot, folder, 'package.json'), 'utf8'));
    for (const [dependency, range] of Object.entries(manifest.dependencies ?? {})) {
      if (!String(range).startsWith('workspace:')) continue;
      const name = dependency.replace(/^@forge\//, '');
      if (found.has(name)) continue;
      found.add(name);
      visit(name);
    }
  };
  visit(start);
  return [...found].sort();
}
const workspaceDependencies = workspaceClosure('synth');

/** Copies a package's manifest (workspace ranges pinned to versions) and its `dist`. */
function stage(name: string, versions: Record<string, string>): string {
  const target = join(scratch, 'stage', name);
  mkdirSync(target, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(packagesRoot, name, 'package.json'), 'utf8'));
  for (const [dependency, range] of Object.entries(manifest.dependencies ?? {})) {
    if (String(range).startsWith('workspace:')) {
      manifest.dependencies[dependency] = versions[dependency] ?? range;
    }
  }
  delete manifest.devDependencies;
  delete manifest.scripts;
  writeFileSync(join(target, 'package.json'), JSON.stringify(manifest, null, 2));
  return target;
}

const script = `
import { writeFileSync } from 'node:fs';
import { defineSignature, readFailures, synthesize, toJsonl, toTrlRows } from '@forge/synth';

const signature = defineSignature({
  name: 'Addition',
  inputFields: [{ name: 'question', type: 'str', description: 'An addition question.' }],
  outputFields: [{ name: 'answer', type: 'int', description: 'The sum.' }],
});
writeFileSync('failures.jsonl', [
  JSON.stringify({ instance: { input: { question: 'What is 19 + 23?' }, gold: { answer: 42 } }, feedback: 'Dropped the carry.' }),
  JSON.stringify({ instance: { input: { question: 'What is 28 + 14?' }, gold: { answer: 42 } }, feedback: 'Dropped the carry again.' }),
].join('\\n'));
let written = 0;
const model = {
  specificationVersion: 'v1',
  provider: 'scripted',
  modelId: 'standalone',
  async generate(request) {
    const role = request.metadata?.role;
    let text;
    if (role === 'assign') {
      text = request.messages[0].content.includes('drops_carry')
        ? '<assignment>{"cluster_name": "drops_carry", "new_cluster_name": null, "new_failure_description": null}</assignment>'
        : '<assignment>{"cluster_name": null, "new_cluster_name": "drops_carry", "new_failure_description": "Loses the carry."}</assignment>';
    } else if (role === 'generate') {
      written++;
      text = written === 2
        ? 'no block at all'
        : '<synthetic_example>{"question": "What is ' + (30 + written) + ' + 19?", "answer": ' + (49 + written) + '}</synthetic_example>';
    } else {
      text = '<validity_reason>sum checks</validity_reason><validity>true</validity>'
        + '<faithfulness_reason>needs a carry</faithfulness_reason><faithfulness>true</faithfulness>';
    }
    return { text, toolCalls: [], finishReason: 'stop', usage: { inputTokens: 3, outputTokens: 2 } };
  },
};
const result = await synthesize({
  model,
  signature,
  failures: await readFailures('failures.jsonl', { signature }),
  attempts: 4,
  seed: 5,
  concurrency: 1,
});
console.log(JSON.stringify({
  modes: result.modes.map((mode) => mode.name),
  admitted: result.admitted.map((instance) => instance.id),
  outcomes: result.attempts.map((record) => record.outcome),
  rows: toTrlRows(result.admitted, signature).length,
  lines: toJsonl(result.admitted).trim().split('\\n').length,
}));
`;

describe('@forge/synth in a scratch project', () => {
  it('installs from tarballs with only its own dependencies and runs', async () => {
    const versions: Record<string, string> = {};
    for (const name of [...workspaceDependencies, 'synth']) {
      const manifest = JSON.parse(readFileSync(join(packagesRoot, name, 'package.json'), 'utf8'));
      versions[manifest.name] = manifest.version;
    }
    for (const name of workspaceDependencies) {
      cpSync(join(packagesRoot, name, 'dist'), join(stage(name, versions), 'dist'), {
        recursive: true,
      });
    }
    const tarballs = join(scratch, 'tarballs');
    mkdirSync(tarballs);
    const pack = async (name: string): Promise<[string, string]> => {
      const { stdout } = await run('npm', ['pack', '--pack-destination', tarballs, '--json'], {
        cwd: join(scratch, 'stage', name),
      });
      const [packed] = JSON.parse(stdout) as { filename: string; name: string }[];
      return [packed!.name, `file:${join(tarballs, packed!.filename)}`];
    };
    // Compile @forge/synth itself (its own dist may not be built when its tests run) while the
    // dependencies are packed.
    const synthStage = stage('synth', versions);
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const compiled = run(
      process.execPath,
      [tsc, '-p', 'tsconfig.build.json', '--outDir', join(synthStage, 'dist')],
      { cwd: synthRoot },
    ).then(() => pack('synth'));
    const tarballOf = Object.fromEntries(
      await Promise.all([...workspaceDependencies.map(pack), compiled]),
    );

    const app = join(scratch, 'app');
    mkdirSync(app);
    const { ['@forge/synth']: synthTarball, ...dependencies } = tarballOf;
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({
        name: 'scratch',
        private: true,
        type: 'module',
        dependencies: { '@forge/synth': synthTarball },
        // The workspace dependencies are not on the registry: resolve them to the tarballs.
        overrides: dependencies,
      }),
    );
    writeFileSync(join(app, 'main.mjs'), script);
    await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
      {
        cwd: app,
        timeout: 240_000,
      },
    );
    // Only the small floor-0/1 packages come along: nothing with a database, a server or a method.
    expect(workspaceDependencies).toEqual([
      'memory',
      'program',
      'provider',
      'python-compat',
      'verify',
    ]);
    expect(readdirSync(join(app, 'node_modules', '@forge')).sort()).toEqual(
      [...workspaceDependencies, 'synth'].sort(),
    );

    const { stdout } = await run(process.execPath, ['main.mjs'], { cwd: app, timeout: 60_000 });
    expect(JSON.parse(stdout)).toEqual({
      modes: ['drops_carry'],
      admitted: ['syn-0-0', 'syn-0-2', 'syn-0-3'],
      outcomes: ['admitted', 'generation-failed', 'admitted', 'admitted'],
      rows: 3,
      lines: 3,
    });
  }, 300_000);
});
