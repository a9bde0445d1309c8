import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportedSpecifiers,
  npmInstall,
  type PackedPackage,
  packPublicPackages,
  scratchEnvironment,
  workspaceRoot,
} from './pack-workspace.js';
import {
  failsRule,
  lowerCaseRule as lowerCaseAspectRule,
  reviewProgramFiles,
  reviewTypeScriptFiles,
} from './review-program-files.js';
import { lowerCaseRule, outageRule, typedProgramFiles } from './typed-program-files.js';

// A new user's first minutes, outside this repository: every public package packed as it would
// be published, installed into an empty project with the line `pnpm pack:all` prints
// (third-party packages from the registry), `npx forge demo`, and a plain Node project that require()s and imports every public
// package. The dist of every package exists here: this package's test task depends on ^build,
// and every public package is one of its dependencies or devDependencies.
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'forge-install-'));
const app = join(scratch, 'app');
const repository = 'https://github.com/forge-optimizer/forge';
let packed: PackedPackage[] = [];

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

beforeAll(async () => {
  const tarballs = join(scratch, 'tarballs');
  mkdirSync(tarballs, { recursive: true });
  mkdirSync(app);
  packed = await packPublicPackages(tarballs);
  // The README's route: `pnpm pack:all` prints one `npm install <every tarball>` line, run here
  // as printed in a project of its own — no `overrides`, nothing of Forge from the registry.
  writeFileSync(
    join(app, 'package.json'),
    `${JSON.stringify({ name: 'forge-user-app', version: '0.0.0', private: true }, null, 2)}\n`,
  );
  // better-sqlite3 compiles from source here (about a minute on two cores).
  await npmInstall(app, 600_000, packed);
}, 660_000);

/** What a command run in the scratch project did. */
interface AppResult {
  /** Exit code; -1 when a signal ended it. */
  readonly code: number;
  /** The signal that ended it, if one did. */
  readonly signal?: string;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command in the scratch project; never throws, returns the exit code and output. */
async function inApp(command: string, args: readonly string[]): Promise<AppResult> {
  try {
    const { stdout, stderr } = await run(command, [...args], {
      cwd: app,
      env: { ...scratchEnvironment(), CI: 'true' },
      timeout: 180_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; signal?: unknown; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : -1,
      ...(typeof failed.signal === 'string' ? { signal: failed.signal } : {}),
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? String(error),
    };
  }
}

/**
 * Type-checks `files` of the scratch project with the project's TypeScript under `strict`
 * NodeNext, what a new TypeScript project sets, through a tsconfig written as `configName`;
 * `globals` says which global type packages load (`types`, `typeRoots`). `skipLibCheck` is off
 * (the compiler's default): every Forge `.d.ts` the files reach is checked too, so a declaration
 * that names a package the tarballs do not bring (a type package left in devDependencies, an
 * optional peer's types) fails here.
 */
async function typeCheckInApp(
  configName: string,
  files: readonly string[],
  globals: { readonly types: readonly string[]; readonly typeRoots?: readonly string[] },
): Promise<AppResult> {
  writeFileSync(
    join(app, configName),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2023',
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        ...globals,
      },
      files,
    }),
  );
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  return inApp(process.execPath, [tsc, '-p', configName]);
}

describe('the packed packages', () => {
  it('are every public package, with complete registry metadata', () => {
    const names = packed.map((pkg) => pkg.name);
    expect(names).toContain('@forge/cli');
    expect(names).toContain('@forge/sdk');
    expect(names).not.toContain('@forge/perf');
    expect(names).not.toContain('@forge/fault-suite');
    expect(names).not.toContain('@forge/examples');
    for (const pkg of packed) {
      const manifest = pkg.packedManifest;
      expect(manifest, pkg.name).toMatchObject({
        name: pkg.name,
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        license: pkg.name === '@forge/bench-ifbench' ? 'Apache-2.0' : 'MIT',
        repository: { type: 'git', url: `git+${repository}.git`, directory: pkg.folder },
        homepage: `${repository}/tree/main/${pkg.folder}#readme`,
        bugs: { url: `${repository}/issues` },
        engines: { node: '>=20.19' },
        types: './dist/index.d.ts',
      });
      expect(manifest.private, pkg.name).toBeUndefined();
      expect(pkg.files, pkg.name).toEqual(
        expect.arrayContaining(['package.json', 'README.md', 'LICENSE', 'dist/index.d.ts']),
      );
      expect(
        pkg.files.some((file) => /\.test\.|(^|\/)e2e\//.test(file)),
        pkg.name,
      ).toBe(false);
      const notices = readdirSync(join(workspaceRoot, pkg.folder)).filter((file) =>
        file.startsWith('NOTICE'),
      );
      expect(pkg.files, pkg.name).toEqual(expect.arrayContaining(notices));
      for (const [path, target] of Object.entries(manifest.exports ?? {})) {
        if (typeof target === 'string') continue;
        const conditions = target as Record<string, string>;
        expect(Object.keys(conditions), `${pkg.name} ${path}`).toEqual([
          'types',
          'import',
          'default',
        ]);
        for (const file of Object.values(conditions))
          expect(pkg.files, `${pkg.name} ${path}`).toContain(file.replace(/^\.\//, ''));
      }
    }
  });

  it('depend on each other with caret ranges and on third-party libraries with ranges', () => {
    for (const pkg of packed) {
      const manifest = pkg.packedManifest;
      for (const field of ['dependencies', 'peerDependencies'] as const) {
        const ranges = (manifest[field] ?? {}) as Record<string, string>;
        for (const [name, range] of Object.entries(ranges)) {
          const where = `${pkg.name} ${field} ${name}`;
          expect(range, where).not.toMatch(/^workspace:/);
          const dependency = packed.find((other) => other.name === name);
          if (!name.startsWith('@forge/')) {
            expect(range, where).toMatch(/^\^\d/);
          } else if (field === 'dependencies') {
            expect(dependency, where).toBeDefined();
            expect(range, where).toBe(`^${dependency!.packedManifest.version}`);
          } else {
            // The sdk's optional packages: any 0.x from the first (changesets would otherwise
            // make every minor release of a benchmark a major release of the sdk).
            expect(dependency, where).toBeDefined();
            expect(range, where).toBe('>=0.1.0 <1.0.0');
            expect(dependency!.packedManifest.version, where).toMatch(/^0\./);
          }
        }
      }
    }
  });

  it('leave benchmarks, providers, peer methods, the queue, sim, retrieval and tsx out of the sdk', () => {
    const sdk = packed.find((pkg) => pkg.name === '@forge/sdk')!.packedManifest;
    const dependencies = Object.keys((sdk['dependencies'] ?? {}) as Record<string, string>);
    const optional = Object.keys((sdk['peerDependenciesMeta'] ?? {}) as Record<string, unknown>);
    for (const name of dependencies)
      expect(name).not.toMatch(/^@forge\/(bench-|method-|provider-|queue|sim|retrieval)|^tsx$/);
    expect(optional.sort()).toEqual(
      Object.keys((sdk['peerDependencies'] ?? {}) as Record<string, string>).sort(),
    );
    expect(optional).toEqual(
      expect.arrayContaining([
        '@forge/bench-aime',
        '@forge/provider-openai',
        '@forge/method-gepa',
        '@forge/queue',
        '@forge/sim',
        'tsx',
      ]),
    );
    const cli = packed.find((pkg) => pkg.name === '@forge/cli')!.packedManifest;
    expect(Object.keys((cli['dependencies'] ?? {}) as Record<string, string>)).toEqual(
      expect.arrayContaining(optional),
    );
    expect(cli['bin']).toEqual({ forge: './dist/bin.js' });
  });
});

describe('@forge/cli installed with npm outside the workspace', () => {
  it('installs every public package from the tarballs', () => {
    const installed = readdirSync(join(app, 'node_modules', '@forge')).map(
      (name) => `@forge/${name}`,
    );
    expect(installed.sort()).toEqual(packed.map((pkg) => pkg.name).sort());
    // npm recorded each as a dependency on its tarball, and nothing else was needed.
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
    expect(manifest.overrides).toBeUndefined();
    for (const pkg of packed) expect(manifest.dependencies[pkg.name]).toMatch(/^file:.*\.tgz$/);
  });

  it('runs `npx forge demo` offline to its simulated summary', async () => {
    const result = await inApp('npx', ['--no', 'forge', 'demo', '--run-dir', 'demo-run']);
    expect(result.stderr).not.toContain('bug in Forge');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('run summary — SIMULATED');
    expect(result.stdout).toMatch(/seed candidate\s+\d/);
    expect(result.stdout).toContain('synthesis events');
    expect(existsSync(join(app, 'demo-run', 'report.html'))).toBe(true);
  }, 300_000);

  it('require()s and imports every public package with the exports of its build', async () => {
    const specifiers = packed.flatMap((pkg) => exportedSpecifiers(pkg.packedManifest));
    // Each script prints, per specifier, the names it exports whose value is defined.
    const body = (load: string) =>
      `const names = {};\nfor (const specifier of ${JSON.stringify(specifiers)}) {\n` +
      `  const exported = ${load};\n` +
      `  names[specifier] = Object.keys(exported).filter((name) => name !== '__esModule' && exported[name] !== undefined).sort();\n}\n` +
      'console.log(JSON.stringify(names));\n';
    writeFileSync(join(app, 'require-all.cjs'), body('require(specifier)'));
    writeFileSync(join(app, 'import-all.mjs'), body('await import(specifier)'));
    const required = await inApp(process.execPath, ['require-all.cjs']);
    expect(required.stderr).toBe('');
    expect(required.code).toBe(0);
    const imported = await inApp(process.execPath, ['import-all.mjs']);
    expect(imported.code).toBe(0);

    // What the workspace's own builds export, loaded by path.
    const reference: Record<string, string[]> = {};
    for (const pkg of packed) {
      for (const [path, target] of Object.entries(pkg.packedManifest.exports ?? {})) {
        if (typeof target === 'string') continue;
        const file = join(workspaceRoot, pkg.folder, (target as { import: string }).import);
        const exported = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
        reference[path === '.' ? pkg.name : `${pkg.name}${path.slice(1)}`] = Object.keys(exported)
          .filter((name) => exported[name] !== undefined)
          .sort();
      }
    }
    expect(JSON.parse(required.stdout)).toEqual(reference);
    expect(JSON.parse(imported.stdout)).toEqual(reference);
    const names = JSON.parse(required.stdout) as Record<string, string[]>;
    for (const [specifier, main] of Object.entries(mainExports))
      expect(names[specifier], specifier).toEqual(expect.arrayContaining(main));
  }, 300_000);

  it('gives TypeScript the types of every public package, imported and required', async () => {
    const specifiers = packed.flatMap((pkg) => exportedSpecifiers(pkg.packedManifest));
    // Under `strict`, a specifier that resolves to JavaScript without types is an error (TS7016),
    // and one the exports map does not resolve is TS2307.
    const imports = specifiers.map(
      (specifier, index) => `import * as m${index} from '${specifier}';`,
    );
    const requires = specifiers.map(
      (specifier, index) => `import m${index} = require('${specifier}');`,
    );
    const uses = `export const modules = [${specifiers.map((_, index) => `m${index}`).join(', ')}];`;
    writeFileSync(join(app, 'types-check.mts'), [...imports, uses].join('\n'));
    writeFileSync(join(app, 'types-check.cts'), [...requires, uses].join('\n'));
    const result = await typeCheckInApp('tsconfig.json', ['types-check.mts', 'types-check.cts'], {
      types: [],
    });
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  }, 300_000);

  it('says which package to install when a benchmark or provider package is missing (exit 2)', async () => {
    rmSync(join(app, 'node_modules', '@forge', 'bench-aime'), { recursive: true });
    rmSync(join(app, 'node_modules', '@forge', 'provider-openai'), { recursive: true });
    const benchmark = await inApp('npx', [
      '--no',
      'forge',
      'optimize',
      '--benchmark',
      'aime',
      '-t',
      'sim:task',
      '-o',
      'sim:optimizer',
      '--budget',
      '10',
    ]);
    expect(benchmark.code).toBe(2);
    expect(benchmark.stderr).toContain(
      'forge: benchmark "aime" needs @forge/bench-aime: install its tarball (pnpm pack:all in a Forge checkout prints the npm install line)',
    );
    const provider = await inApp('npx', [
      '--no',
      'forge',
      'optimize',
      '--benchmark',
      'sim',
      '-t',
      'openai:gpt-5.5',
      '-o',
      'sim:optimizer',
      '--budget',
      '100',
    ]);
    expect(provider.code).toBe(2);
    expect(provider.stderr).toContain(
      'forge: provider "openai" needs @forge/provider-openai: install its tarball (pnpm pack:all in a Forge checkout prints the npm install line)',
    );
  }, 300_000);
});

// Your own program in that project, as a new user writes it: typed with defineModule and
// defineProgram, type-checked under strict NodeNext, optimized offline on the scripted stand-ins
// of @forge/sdk/testing, killed part-way and resumed, read back with loadBestPrompts, and run
// from the CLI with `--program app.ts` and a `.ts` provider module (files: typed-program-files.ts).
// Runs before the next block removes tsx; its tests use each other's run directories, in order.
describe('your own typed program in that project, offline', () => {
  /** What `optimize.ts` prints. */
  interface Optimized {
    start: { resumed: boolean; step: number };
    seedScore: number;
    bestScore: number;
    bestPrompts: Record<string, string>;
    evaluationsUsed: number;
    loaded: { prompts: Record<string, string>; candidate: number; validationScore: number };
  }
  // The step whose start kills the interrupted run: after the synthesis event of step 17.
  const killAtStep = 20;
  const script = (file: string, ...args: string[]) =>
    inApp(process.execPath, ['--import', 'tsx', file, ...args]);
  const resultOf = (runDir: string) => {
    const { runDir: _runDir, ...rest } = JSON.parse(
      readFileSync(join(app, runDir, 'result.json'), 'utf8'),
    ) as Record<string, unknown>;
    return rest;
  };
  const fileOf = (runDir: string, file: string) => readFileSync(join(app, runDir, file), 'utf8');
  let whole: Optimized | undefined;

  beforeAll(() => {
    // What `npm pkg set type=module` does: the project's .ts files are ES modules.
    const manifestFile = join(app, 'package.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(manifestFile, `${JSON.stringify({ ...manifest, type: 'module' }, null, 2)}\n`);
    // The review pipeline's files too (the next block's), so one compile checks them all.
    for (const [name, text] of Object.entries({ ...typedProgramFiles, ...reviewProgramFiles }))
      writeFileSync(join(app, name), text);
  });

  it('type-checks under strict NodeNext, except a metric reading a gold field the schema lacks', async () => {
    // Node's own types for the scripts (what `npm install -D @types/node` gives): the
    // workspace's copy; every @forge type resolves from the project's node_modules.
    const files = [...Object.keys(typedProgramFiles), ...reviewTypeScriptFiles];
    const result = await typeCheckInApp('tsconfig.triage.json', files, {
      types: ['node'],
      typeRoots: [join(workspaceRoot, 'node_modules', '@types')],
    });
    // One compile of every file, declarations included (skipLibCheck off): the program,
    // stand-ins, provider module, optimize script and production snippet compile; bad-metric.ts
    // alone does not, naming the field (the enum's union in the order the compiler met it).
    const errors = result.stdout.split('\n').filter((line) => / error TS\d+:/.test(line));
    expect(errors).toEqual([
      expect.stringMatching(
        /^bad-metric\.ts\(5,54\): error TS2339: Property 'severity' does not exist on type '\{ team: string; priority: "(low" \| "high|high" \| "low)"; \}'\.$/,
      ),
    ]);
    expect(result.code).toBe(2);
  }, 120_000);

  it('optimizes it offline above the seed, and a killed run resumes to the identical result', async () => {
    const uninterrupted = await script('optimize.ts', 'whole', 'runs/whole');
    expect(uninterrupted.stderr).toBe('');
    expect(uninterrupted.code).toBe(0);
    whole = JSON.parse(uninterrupted.stdout) as Optimized;
    // Seed: every team upper-cased and no outage high: a quarter of the points. The scripted
    // optimizer turns the metric's feedback into the two rules the stand-in task model follows.
    expect(whole).toMatchObject({ start: { resumed: false, step: 0 }, seedScore: 0.25 });
    expect(whole.bestScore).toBeGreaterThan(whole.seedScore);
    expect(whole.bestScore).toBe(1);
    expect(whole.bestPrompts['extract']).toContain(lowerCaseRule);
    expect(whole.bestPrompts['classify']).toContain(outageRule);

    // The same run, killed with SIGKILL (no clean-up) as step 20 starts, then resumed.
    const killed = await script('optimize.ts', 'crash', 'runs/killed', String(killAtStep));
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(existsSync(join(app, 'runs', 'killed', 'forge.db'))).toBe(true);
    expect(existsSync(join(app, 'runs', 'killed', 'result.json'))).toBe(false);
    const resumed = await script('optimize.ts', 'resume', 'runs/killed');
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    const continued = JSON.parse(resumed.stdout) as Optimized;
    // It went on from the steps the killed run had saved, not from the start.
    expect(continued.start.resumed).toBe(true);
    expect(continued.start.step).toBeGreaterThan(killAtStep / 2);
    expect({ ...continued, start: whole.start }).toEqual(whole);
    // result.json holds the scores, best candidate, evaluations, steps, candidates, synthesis
    // counts, usage by role, unpriced models, optimizer answers, score history and summary.
    expect(resultOf('runs/killed')).toEqual(resultOf('runs/whole'));
    for (const file of ['best-prompts.json', 'synthetic.jsonl'])
      expect(fileOf('runs/killed', file), file).toBe(fileOf('runs/whole', file));
  }, 180_000);

  it('reads the best prompts back with loadBestPrompts; the production snippet answers with them', async () => {
    expect(whole?.loaded).toEqual({
      prompts: whole?.bestPrompts,
      candidate: expect.any(Number),
      validationScore: 1,
    });
    // A ticket about a product the run never saw, through the five-line snippet.
    const live = await script('production.ts', 'runs/whole', 'Ticket about invoices: it is down.');
    expect(live.stderr).toBe('');
    expect(live.code).toBe(0);
    expect(JSON.parse(live.stdout)).toEqual({ team: 'invoices', priority: 'high' });
  }, 60_000);

  it('runs from the CLI with --program app.ts and a .ts --provider module', async () => {
    const result = await inApp('npx', [
      '--no',
      'forge',
      'optimize',
      '--program',
      'app.ts',
      '--provider',
      'scripted=./provider.ts',
      '-t',
      'scripted:task',
      '-o',
      'scripted:optimizer',
      '--budget',
      '120',
      '--no-perfect-stop',
      '--run-dir',
      'runs/cli',
    ]);
    expect(result.stderr).not.toMatch(/bug in Forge|\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/seed candidate\s+25\.0%/);
    expect(result.stdout).toMatch(/best candidate \(\d+\)\s+100\.0%/);
    // The same program, data, models and budget (--no-perfect-stop: the library's
    // stopAtPerfectScore: false) as the library's run: the same result.
    expect(resultOf('runs/cli')).toEqual(resultOf('runs/whole'));
  }, 120_000);
});

// A second program in the same project with the everyday tools of typed modules: a module that
// reasons before it answers, an array of objects as an output, a re-ask when an answer does not
// parse, and a module on a model of its own — from the library and from a config file; then
// evaluate() and inspect on its best prompts, and the two mistakes caught at the start (data that
// does not fit the program, a moduleFeedback key that names no module), from the library and the
// CLI (files: review-program-files.ts, written and type-checked by the block above).
describe('a typed program that reasons, nests, re-asks and gives a module its own model, offline', () => {
  beforeAll(() => {
    // The same files again (and ES modules), so this block also runs alone (-t).
    const manifestFile = join(app, 'package.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(manifestFile, `${JSON.stringify({ ...manifest, type: 'module' }, null, 2)}\n`);
    for (const [name, text] of Object.entries(reviewProgramFiles))
      writeFileSync(join(app, name), text);
  });
  const script = (file: string, ...args: string[]) =>
    inApp(process.execPath, ['--import', 'tsx', file, ...args]);
  const resultOf = (runDir: string) => {
    const { runDir: _runDir, ...rest } = JSON.parse(
      readFileSync(join(app, runDir, 'result.json'), 'utf8'),
    ) as Record<string, unknown>;
    return rest;
  };

  it('optimizes it with moduleModels: each module on its model, the reasoning reflected on', async () => {
    const result = await script('review-optimize.ts', 'runs/review');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const optimized = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(optimized).toEqual({
      seedScore: 0,
      bestScore: 1,
      bestPrompts: {
        extract: expect.stringContaining(lowerCaseAspectRule),
        judge: expect.stringContaining(failsRule),
        summarize: 'Summarize the judged aspects in one line.',
      },
      taskModules: ['extract', 'summarize'],
      judgeModules: ['judge'],
      reasks: expect.any(Number),
      reflectorReadReasoning: true,
      moduleModels: { judge: 'scripted:judge' },
      objectInputs: expect.arrayContaining(['moduleModels.judge']),
    });
    expect(optimized['reasks']).toBeGreaterThan(0);
  }, 120_000);

  it('answers in production with the best prompts, the judge on its model', async () => {
    const live = await script(
      'review-production.ts',
      'runs/review',
      'The hinge is great but the screen fails.',
    );
    expect(live.stderr).toBe('');
    expect(live.code).toBe(0);
    expect(JSON.parse(live.stdout)).toEqual({
      output: { summary: 'hinge +, screen -' },
      judged: {
        sentiments: [
          { aspect: 'hinge', sentiment: 'positive' },
          { aspect: 'screen', sentiment: 'negative' },
        ],
      },
      reasoning: expect.stringMatching(
        /^<reasoning>The review names 2 parts\.<\/reasoning>\n<aspects>/,
      ),
    });
  }, 60_000);

  it('runs from the CLI with moduleModels in its config file, to the library run’s result', async () => {
    const result = await inApp('npx', [
      '--no',
      'forge',
      'optimize',
      '-c',
      'review.config.yaml',
      '--run-dir',
      'runs/review-cli',
    ]);
    expect(result.stderr).not.toMatch(/bug in Forge|\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/best candidate \(\d+\)\s+100\.0%/);
    expect(`${result.stdout}${result.stderr}`).toContain(
      'task model scripted:task (judge on scripted:judge)',
    );
    expect(resultOf('runs/review-cli')).toEqual(resultOf('runs/review'));
    const saved = JSON.parse(readFileSync(join(app, 'runs', 'review-cli', 'config.json'), 'utf8'));
    expect(saved.moduleModels).toEqual({ judge: 'scripted:judge' });
  }, 120_000);

  it('evaluates the best prompts with evaluate(), and inspect shows each call on its model', async () => {
    const result = await script('review-evaluate.ts', 'runs/review');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const evaluated = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(evaluated).toMatchObject({
      score: 1,
      progress: [1, 2, 3, 4, 5, 6],
      subject: 'review-pipeline on 6 instances with scripted:task',
      // The judge's calls name the judge's model, not the task model (program.history).
      models: ['extract scripted:task', 'judge scripted:judge', 'summarize scripted:task'],
      // Each hinge review's judge was asked again, and the second answer parsed.
      reasks: ['validation-10 true', 'validation-11 true'],
      reasoning: {
        ok: true,
        reasoning: 'The review names 2 parts.',
        output: { aspects: ['camera', 'hinge'] },
      },
    });
    expect(evaluated['instances']).toHaveLength(6);
    expect((evaluated['instances'] as { output: unknown }[])[3]?.output).toEqual({
      summary: 'hinge +, screen -',
    });
    const inspected = String(evaluated['inspected']);
    expect(inspected).toMatch(
      /^── call 1 of \d+: module extract, instance validation-\d+, scripted:task, /,
    );
    expect(inspected).toMatch(
      /module judge \(re-ask 1\), instance validation-1[01], scripted:judge, /,
    );
    expect(inspected).toContain('  Reasoning:\n    The review names 2 parts.\n');
    expect(inspected).toContain('  Not parsed:\n');
    // The judge's system prompt is the run's best one, with the rule the metric asked for.
    expect(inspected).toContain(failsRule);
  }, 60_000);

  // review-mistakes.ts tries both mistakes with optimize(); the two tests below read its output.
  let mistakes: Promise<AppResult> | undefined;
  const mistakesScript = () => {
    mistakes ??= script('review-mistakes.ts');
    return mistakes;
  };

  it('refuses data that does not fit the program at the start, naming the instance and its fields', async () => {
    const library = await mistakesScript();
    expect(library.stderr).toBe('');
    expect(library.code).toBe(0);
    const caught = JSON.parse(library.stdout) as Record<string, Record<string, unknown>>;
    // optimize() throws a DataCheckError listing every problem, before any model call.
    expect(caught['data']).toMatchObject({
      name: 'DataCheckError',
      problems: ['train[3] train-broken input.review', 'train[3] train-broken gold.summary'],
      modelCalls: 0,
    });
    expect(String(caught['data']?.['message'])).toMatch(
      /^the data of review-pipeline does not fit the program's schemas: 2 problems in 1 instance \(checked before any model call; fix or remove them\)\n {2}train\[3\] \(id "train-broken"\): input\.review: .+\n {2}train\[3\] \(id "train-broken"\): gold\.summary: .+$/,
    );
    // The CLI: exit 2 with the same list, no stack.
    const cli = await inApp('npx', [
      '--no',
      'forge',
      'optimize',
      '-c',
      'review-bad-data.config.yaml',
      '--run-dir',
      'runs/mistake-data-cli',
    ]);
    expect(cli.stderr).not.toMatch(/bug in Forge|\n\s+at /);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain(
      "forge: the data of review-pipeline does not fit the program's schemas: 2 problems in 1 instance",
    );
    expect(cli.stderr).toContain('  train[3] (id "train-broken"): input.review: ');
    expect(cli.stderr).toContain('  train[3] (id "train-broken"): gold.summary: ');
  }, 120_000);

  it("names a moduleFeedback key that is no module, and the program's modules", async () => {
    const library = await mistakesScript();
    expect(library.stderr).toBe('');
    expect(library.code).toBe(0);
    const caught = JSON.parse(library.stdout) as Record<string, Record<string, unknown>>;
    expect(caught['feedback']).toMatchObject({
      name: 'MetricError',
      reason: 'module-feedback',
      unknownModules: ['sentiment'],
    });
    const message =
      /^the metric's moduleFeedback names no module of the program: "sentiment" \(instance validation-\d+\); the program's modules are "extract", "judge", "summarize"$/;
    expect(String(caught['feedback']?.['message'])).toMatch(message);
    const cli = await inApp('npx', [
      '--no',
      'forge',
      'optimize',
      '-c',
      'review-bad-feedback.config.yaml',
      '--run-dir',
      'runs/mistake-feedback-cli',
    ]);
    expect(cli.stderr).not.toMatch(/bug in Forge|\n\s+at /);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toMatch(
      /forge: the metric's moduleFeedback names no module of the program: "sentiment" \(instance validation-\d+\); the program's modules are "extract", "judge", "summarize"\n/,
    );
  }, 120_000);
});

describe('@forge/sdk without its optional packages', () => {
  it('loads, optimizes an in-memory program with model objects, and names each missing package', async () => {
    const sdk = packed.find((pkg) => pkg.name === '@forge/sdk')!.packedManifest;
    const optional = Object.keys((sdk['peerDependencies'] ?? {}) as Record<string, string>);
    for (const name of optional)
      rmSync(join(app, 'node_modules', name), { recursive: true, force: true });
    writeFileSync(join(app, 'program.ts'), 'export default {};\n');
    writeFileSync(join(app, 'lean.mjs'), leanScript);
    const result = await inApp(process.execPath, ['lean.mjs']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(report).toEqual({
      required: true,
      optimized: { seedScore: 0, bestScore: 1 },
      benchmark:
        'InvalidArgumentError: benchmark "aime" needs @forge/bench-aime: install its tarball (pnpm pack:all in a Forge checkout prints the npm install line)',
      method:
        'InvalidArgumentError: method "gepa" needs @forge/method-gepa: install its tarball (pnpm pack:all in a Forge checkout prints the npm install line)',
      provider:
        'InvalidArgumentError: provider "anthropic" needs @forge/provider-anthropic: install its tarball (pnpm pack:all in a Forge checkout prints the npm install line)',
      sim: 'InvalidArgumentError: provider "sim" needs @forge/sim: install its tarball (pnpm pack:all in a Forge checkout prints the npm install line)',
      program:
        'InvalidArgumentError: TypeScript program module program.ts needs tsx: npm install tsx',
      wiki: 'InvalidArgumentError: the wiki corpus needs @forge/retrieval: install its tarball (pnpm pack:all in a Forge checkout prints the npm install line)',
    });
  }, 300_000);
});

// Run in the scratch project once every optional package of the sdk is gone. The models are
// scripted objects (nothing here is a real model): the task model answers "ok" only when its
// system prompt says RULE; the optimizer proposes a prompt that says it.
const leanScript = `
import { createRequire } from 'node:module';
import * as sdk from '@forge/sdk';

const report = { required: typeof createRequire(import.meta.url)('@forge/sdk').optimize === 'function' };
const scripted = (modelId, answer) => ({
  specificationVersion: 'v1',
  provider: 'scripted',
  modelId,
  async generate(request) {
    return { text: answer(request), toolCalls: [], finishReason: 'stop', usage: { inputTokens: 10, outputTokens: 2 } };
  },
});
const instances = (prefix, count) =>
  Array.from({ length: count }, (_, index) => ({ id: prefix + index, input: { item: index }, gold: { answer: 'ok' } }));
const program = {
  name: 'lean',
  modules: [{ name: 'answer', seedPrompt: 'Answer.' }],
  async run(instance, prompts, context) {
    const result = await context.model.generate({
      system: prompts.answer,
      messages: [{ role: 'user', content: String(instance.input.item) }],
      metadata: context.metadata,
      abortSignal: context.abortSignal,
    });
    return { output: { answer: result.text }, trace: [] };
  },
};
const result = await sdk.optimize({
  program,
  metric: (instance, execution) =>
    execution.output.answer === 'ok' ? { score: 1 } : { score: 0, feedback: 'The prompt must say RULE.' },
  train: instances('train-', 6),
  validation: instances('val-', 4),
  taskModel: scripted('task', (request) => ((request.system ?? '').includes('RULE') ? 'ok' : 'no')),
  optimizerModel: scripted('optimizer', () => '<system_prompt>\\nRULE: answer ok.\\n</system_prompt>'),
  method: 'prompt-search',
  budget: { maxEvaluations: 40 },
  runDir: 'lean-run',
});
report.optimized = { seedScore: result.seedScore, bestScore: result.bestScore };
for (const [name, attempt] of [
  ['benchmark', () => sdk.loadBenchmarkPackage('aime')],
  ['method', () => sdk.loadMethod('gepa')],
  ['provider', async () => sdk.resolveModel('anthropic:claude-sonnet-4-6', { settings: { apiKey: 'sk-test' } })],
  ['sim', async () => sdk.resolveModel('sim:task')],
  ['program', () => sdk.loadProgramModule('program.ts', {})],
  ['wiki', () => sdk.checkBenchmarkData('wiki')],
]) {
  try {
    await attempt();
    report[name] = 'loaded';
  } catch (error) {
    report[name] = error.name + ': ' + error.message;
  }
}
console.log(JSON.stringify(report));
`;

/** A few names each central package must export (the full lists are compared above). */
const mainExports: Record<string, string[]> = {
  '@forge/cli': ['main', 'exitCodeFor', 'exitCodes'],
  '@forge/sdk': ['optimize', 'evaluate', 'synthesizeFromFailures', 'resolveModel', 'runSuite'],
  '@forge/synth': ['synthesize', 'defineSignature', 'readFailures'],
  '@forge/provider': ['registerProvider', 'InvalidArgumentError', 'ProviderRegistry'],
  '@forge/core': ['runSearch', 'reduceSearch', 'createSearchState'],
  '@forge/provider-ai-sdk': ['fromAISDK'],
  '@forge/store': ['SqliteRunStore'],
};
