import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

// A run directory may come from someone else: the modules its config.json names run as code,
// so reading the run (eval --run, synth --run) or resuming it never imports them unless the user
// names them again or says --trust-run-modules. A config module found in the working directory
// is named before it runs.
const root = mkdtempSync(join(tmpdir(), 'forge-code-inputs-e2e-'));
const marker = join(root, 'module-ran');
const moduleFile = join(root, 'planted.mjs');
let runDir = '';

beforeAll(async () => {
  const run = await runCli(['demo', '--json', '--run-dir', 'run'], { cwd: root });
  expect(run.code).toBe(0);
  runDir = join(root, 'run');
  // Importing the module leaves a mark: proof that it ran.
  writeFileSync(
    moduleFile,
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\nexport default () => { throw new Error('planted provider'); };\n`,
  );
  const configFile = join(runDir, 'config.json');
  const config = JSON.parse(readFileSync(configFile, 'utf8'));
  writeFileSync(configFile, JSON.stringify({ ...config, providers: { planted: moduleFile } }));
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a run directory's modules", () => {
  for (const [name, args] of [
    ['eval --run', ['eval', '--run', 'run', '--split', 'validation']],
    ['synth --run', ['synth', '--run', 'run', '-k', '1', '--out', 'synthetic.jsonl']],
    ['optimize --resume', ['optimize', '--resume', 'run']],
  ] as const) {
    it(`${name} refuses to import them, exit 2 naming each`, async () => {
      const result = await runCli([...args], { cwd: root });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('run/config.json');
      expect(result.stderr).toContain(`providers.planted ${moduleFile}`);
      expect(result.stderr).toContain('--trust-run-modules');
      expect(existsSync(marker)).toBe(false);
    }, 60_000);
  }

  it('imports them with --trust-run-modules', async () => {
    const result = await runCli(
      ['eval', '--run', 'run', '--split', 'validation', '--trust-run-modules'],
      {
        cwd: root,
      },
    );
    expect(result.stderr).not.toContain('--trust-run-modules');
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);
  }, 60_000);
});

describe('a config module in the working directory', () => {
  it('is named on stderr before it runs', async () => {
    const cwd = join(root, 'project');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(cwd);
    writeFileSync(
      join(cwd, 'forge.config.mjs'),
      "process.stderr.write('config module running\\n');\nexport default { benchmark: 'sim', taskModel: 'sim:task', optimizerModel: 'sim:optimizer', budget: { maxEvaluations: 20 } };\n",
    );
    const result = await runCli(['optimize', '--dry-run'], { cwd });
    expect(result.code).toBe(0);
    const notice = result.stderr.indexOf(
      `running the config module ${join(cwd, 'forge.config.mjs')}`,
    );
    expect(notice).toBeGreaterThanOrEqual(0);
    expect(result.stderr.indexOf('config module running')).toBeGreaterThan(notice);
  }, 60_000);
});
