import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readModelCalls } from '@forge/store';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonEvents, runCli } from './run-cli.js';

// `--program`, `--provider` and config files load TypeScript and JavaScript modules alike, and a
// program module may export the objects optimize() takes. Offline: the task model is a module
// written here that answers from a table, the optimizer is the simulated one.
const root = mkdtempSync(join(tmpdir(), 'forge-modules-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function workspace(name: string): string {
  const directory = join(root, name);
  mkdirSync(join(directory, 'node_modules'), { recursive: true });
  // Node resolves @forge/* from the CLI's own node_modules when the module lives beside it.
  execFileSync('ln', [
    '-s',
    join(process.cwd(), 'node_modules', '@forge'),
    join(directory, 'node_modules', '@forge'),
  ]);
  return directory;
}

/** A provider in TypeScript (type annotations and all): answers "Paris" to questions about France. */
const providerModule = `import type { GenerateRequest, LanguageModel } from '@forge/provider';

const capitals: Record<string, string> = { France: 'Paris', Italy: 'Rome' };

export default function tableModel(modelId: string): LanguageModel {
  return {
    specificationVersion: 'v1',
    provider: 'table',
    modelId,
    async generate(request: GenerateRequest) {
      const last = request.messages.at(-1);
      const text = typeof last?.content === 'string' ? last.content : '';
      const country = Object.keys(capitals).find((name) => text.includes(name));
      return {
        text: country === undefined ? 'I do not know' : (capitals[country] as string),
        toolCalls: [],
        finishReason: 'stop',
        usage: { inputTokens: 5, outputTokens: 1 },
      };
    },
  };
}
`;

/** A program module exporting what optimize() takes; \`omit\` leaves one export out. */
function programModule(omit?: string): string {
  const exports: Record<string, string> = {
    program: `export const program: Program = createSingleModuleProgram({
  name: 'capitals',
  moduleName: 'answer',
  seedPrompt: 'Name the capital.',
  renderInput: (instance: Instance) => String(instance.input['country']),
  parseOutput: (text: string) => ({ answer: text.trim() }),
});`,
    metric: `export const metric: Evaluator = (instance, execution) => ({
  score: execution.output['answer'] === instance.gold['answer'] ? 1 : 0,
});`,
    train:
      "export const train: Instance[] = rows.map((row) => ({ ...row, id: 'train-' + row.id }));",
    validation: 'export const validation: Instance[] = rows;',
  };
  return `import { createSingleModuleProgram, type Evaluator, type Instance, type Program } from '@forge/program';

const rows: Instance[] = [
  { id: 'fr', input: { country: 'France' }, gold: { answer: 'Paris' } },
  { id: 'it', input: { country: 'Italy' }, gold: { answer: 'Rome' } },
  { id: 'es', input: { country: 'Spain' }, gold: { answer: 'Madrid' } },
];

${Object.entries(exports)
  .filter(([name]) => name !== omit)
  .map(([, text]) => text)
  .join('\n')}
`;
}

const runFlags = ['-o', 'sim:optimizer', '--budget', '12', '--no-test', '--json'];

describe('modules written in TypeScript or JavaScript load alike', () => {
  it('runs --program app.ts (exports program, metric, train, validation) on a .ts --provider module', async () => {
    const cwd = workspace('typescript');
    writeFileSync(join(cwd, 'app.ts'), programModule());
    writeFileSync(join(cwd, 'table-provider.ts'), providerModule);
    const result = await runCli(
      [
        'optimize',
        '--program',
        'app.ts',
        '--provider',
        'table=./table-provider.ts',
        '-t',
        'table:v1',
        '--run-dir',
        'run',
        ...runFlags,
      ],
      { cwd },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const end = jsonEvents(result.stdout).at(-1) as Record<string, unknown>;
    // France and Italy of three: the table model's answers, scored by the module's metric.
    expect(end).toMatchObject({ type: 'run-end', seedScore: 2 / 3 });
    const database = new Database(join(cwd, 'run', 'forge.db'), { readonly: true });
    const calls = {
      n: readModelCalls(database).filter((call) => call.provider === 'table' && call.model === 'v1')
        .length,
    };
    database.close();
    expect(calls.n).toBeGreaterThanOrEqual(3);
  });

  it('loads .mts and .mjs provider modules and a .mts config file the same way', async () => {
    const cwd = workspace('module-kinds');
    writeFileSync(join(cwd, 'app.mts'), programModule());
    writeFileSync(join(cwd, 'table-provider.mts'), providerModule);
    writeFileSync(
      join(cwd, 'echo-provider.mjs'),
      providerModule
        .replace("import type { GenerateRequest, LanguageModel } from '@forge/provider';", '')
        .replace(': Record<string, string>', '')
        .replace('(modelId: string): LanguageModel', '(modelId)')
        .replace('(request: GenerateRequest)', '(request)')
        .replace(' as string', ''),
    );
    writeFileSync(
      join(cwd, 'forge.config.mts'),
      `const config: Record<string, unknown> = {
  program: 'app.mts',
  providers: { table: './table-provider.mts', echo: './echo-provider.mjs' },
};
export default config;
`,
    );
    for (const [model, runDir] of [
      ['table:v1', 'run-mts'],
      ['echo:v1', 'run-mjs'],
    ] as const) {
      const result = await runCli(['optimize', '-t', model, '--run-dir', runDir, ...runFlags], {
        cwd,
      });
      // A config module found in the working directory is code: it is named before it runs.
      expect(result.stderr).toMatch(
        /^forge: running the config module \S*forge\.config\.mts found in the working directory \(a config module is code; -c chooses another file\)\n$/,
      );
      expect(result.code).toBe(0);
      expect(jsonEvents(result.stdout).at(-1)).toMatchObject({ seedScore: 2 / 3 });
    }
  });

  it('names the export a --program module lacks, with exit 2', async () => {
    const cwd = workspace('missing-export');
    writeFileSync(join(cwd, 'app.ts'), programModule('validation'));
    const result = await runCli(
      ['optimize', '--program', 'app.ts', '-t', 'sim:task', ...runFlags],
      { cwd },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('program: app.ts exports no `validation`');
    expect(result.stderr).not.toMatch(/bug in Forge|\n\s+at /);
  });

  it('names a module that fails to load, with exit 2', async () => {
    const cwd = workspace('broken');
    writeFileSync(join(cwd, 'app.ts'), 'export const program = ;\n');
    writeFileSync(join(cwd, 'table-provider.ts'), "import './missing.js';\nexport default 1;\n");
    const program = await runCli(
      ['optimize', '--program', 'app.ts', '-t', 'sim:task', ...runFlags],
      { cwd },
    );
    expect(program.code).toBe(2);
    expect(program.stderr).toContain('program: app.ts could not be loaded');
    const provider = await runCli(
      [
        'optimize',
        '-b',
        'sim',
        '--provider',
        'table=./table-provider.ts',
        '-t',
        'table:v1',
        ...runFlags,
      ],
      { cwd },
    );
    expect(provider.code).toBe(2);
    expect(provider.stderr).toContain('provider module ./table-provider.ts: could not be loaded');
  });
});
