import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimServer } from '@forge/sim';
import { readModelCalls, readRunMeta } from '@forge/store';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { eventAtStep, killAndResume, simRunConfig } from './kill-and-resume.js';
import { jsonEvents, runCli, startCli } from './run-cli.js';
import { readRunContents, sameResultAfterKill } from './run-contents.js';

// End-to-end tests of the `forge` command on the offline simulated world. Everything here is
// simulated: no real model is called.
const root = mkdtempSync(join(tmpdir(), 'forge-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function workspace(name: string): string {
  const directory = join(root, name);
  mkdirSync(directory, { recursive: true });
  return directory;
}

describe('forge --version', () => {
  it("prints the version in the CLI's own package.json, so a release changes what it says", async () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../../cli/package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    const result = await runCli(['--version'], { cwd: workspace('version') });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(manifest.version);
  });
});

describe('forge demo', () => {
  it('runs the simulated world offline and ends with a run-end JSON line', async () => {
    const cwd = workspace('demo');
    const result = await runCli(['demo', '--json'], { cwd });
    expect(result.code).toBe(0);
    const events = jsonEvents(result.stdout);
    const end = events.at(-1) as Record<string, unknown>;
    expect(end).toMatchObject({ type: 'run-end', simulated: true });
    for (const field of ['seedScore', 'bestScore', 'evaluationsUsed', 'runDir'])
      expect(end).toHaveProperty(field);
    expect(end['bestScore'] as number).toBeGreaterThan(end['seedScore'] as number);
    expect(events.some((event) => event.type === 'synthesis-end')).toBe(true);
    expect(existsSync(join(end['runDir'] as string, 'report.html'))).toBe(true);
  });

  it('stops at a perfect validation score, saying so; --no-perfect-stop spends the budget', async () => {
    const stopping = await runCli(['demo'], { cwd: workspace('demo-perfect') });
    expect(stopping.code).toBe(0);
    expect(stopping.stdout).toMatch(
      /stopped: perfect score \(best candidate #\d+ scored 1\.000 on validation\): the maximum, reached before the budget; --no-perfect-stop keeps searching/,
    );
    const stopped = jsonEvents(
      (await runCli(['demo', '--json'], { cwd: workspace('demo-perfect-json') })).stdout,
    ).at(-1) as Record<string, unknown>;
    const searching = await runCli(['demo', '--json', '--no-perfect-stop'], {
      cwd: workspace('demo-no-perfect-stop'),
    });
    expect(searching.code).toBe(0);
    const searched = jsonEvents(searching.stdout).at(-1) as Record<string, unknown>;
    expect(stopped).toMatchObject({
      reason: expect.stringMatching(/^perfect score/),
      bestScore: 1,
    });
    expect(searched).toMatchObject({
      reason: expect.stringMatching(/^evaluation budget/),
      bestScore: 1,
    });
    expect(searched['evaluationsUsed'] as number).toBeGreaterThan(
      stopped['evaluationsUsed'] as number,
    );
  });

  it('prints a human summary without --json', async () => {
    const result = await runCli(['demo'], { cwd: workspace('demo-plain') });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('SIMULATED');
    expect(result.stdout).toMatch(/seed candidate\s+\d/);
    expect(result.stdout).toContain('synthesis events');
  });
});

describe('forge optimize: interruption and resume', () => {
  const config = simRunConfig({ maxEvaluations: 500 });

  it('reaches the same final state after kill -9 and --resume, re-paying at most the calls in flight', async () => {
    const cwd = workspace('resume');
    writeFileSync(join(cwd, 'forge.config.yaml'), `${config}\n`);
    await killAndResume(cwd, eventAtStep('step-end', 9));
    const expected = readRunContents(join(cwd, 'reference'));
    const actual = readRunContents(join(cwd, 'killed'));
    expect(sameResultAfterKill(actual)).toEqual(sameResultAfterKill(expected));
    // At most the calls in flight at the kill are paid twice: 8 task + 8 optimizer slots.
    expect(actual.paid - expected.paid).toBeGreaterThanOrEqual(0);
    expect(actual.paid - expected.paid).toBeLessThanOrEqual(16);
  }, 120_000);

  it('reaches the same final state, optimizer answers included, when killed in the middle of a synthesis event', async () => {
    const cwd = workspace('resume-synthesis');
    writeFileSync(join(cwd, 'forge.config.yaml'), `${config}\n`);
    let attemptsSeen = 0;
    const { resumed } = await killAndResume(cwd, (line) => {
      if (line.includes('"type":"attempt-end"')) attemptsSeen++;
      return attemptsSeen === 3;
    });
    // The resumed invocation re-used the attempts the killed one had journaled (the third may
    // or may not have been saved when the signal arrived).
    const replayed = jsonEvents(resumed.stdout).filter(
      (event) => event.type === 'attempt-end' && event['fromJournal'] === true,
    );
    expect(replayed.length).toBeGreaterThanOrEqual(2);
    const expected = readRunContents(join(cwd, 'reference'));
    const actual = readRunContents(join(cwd, 'killed'));
    // `result.answers` is compared too: each attempt's answers are saved with its journal entry.
    expect(sameResultAfterKill(actual)).toEqual(sameResultAfterKill(expected));
    expect(actual.result['answers']).toEqual(expected.result['answers']);
    expect(actual.paid - expected.paid).toBeGreaterThanOrEqual(0);
    expect(actual.paid - expected.paid).toBeLessThanOrEqual(16);
  }, 120_000);
});

describe('Ctrl-C', () => {
  it('stops after the current step, saves, exits 130, and --resume finishes the run', async () => {
    const cwd = workspace('ctrl-c');
    writeFileSync(
      join(cwd, 'forge.config.yaml'),
      'benchmark: sim\ntaskModel: { model: sim:task, settings: { latency: 3 } }\noptimizerModel: { model: sim:optimizer, settings: { latency: 3 } }\nbudget: { maxEvaluations: 400 }\n',
    );
    let interrupted = false;
    const first = await startCli(['optimize', '--run-dir', 'run', '--json'], {
      cwd,
      onStdoutLine: (line, child) => {
        if (!interrupted && line.includes('"type":"step-end"') && line.includes('"step":4,')) {
          interrupted = true;
          child.kill('SIGINT');
        }
      },
    }).done;
    expect(first.code).toBe(130);
    const events = jsonEvents(first.stdout);
    const end = events.at(-1) as Record<string, unknown>;
    expect(end).toMatchObject({ type: 'run-end', reason: 'stop requested' });
    expect(end['steps'] as number).toBeLessThanOrEqual(7);
    const database = new Database(join(cwd, 'run', 'forge.db'), { readonly: true });
    const status = { value: readRunMeta(database).get('status') };
    database.close();
    expect(status.value).toBe('stopped');
    const resumed = await runCli(['optimize', '--resume', 'run', '--json'], { cwd });
    expect(resumed.code).toBe(0);
    expect(jsonEvents(resumed.stdout).at(-1)).toMatchObject({
      type: 'run-end',
      reason: expect.stringContaining('evaluation budget'),
    });
  });
});

describe('bad input', () => {
  it('names the file, line and field of a corrupt config and leaves no run behind', async () => {
    const cwd = workspace('bad-config');
    writeFileSync(
      join(cwd, 'forge.config.yaml'),
      'benchmark: sim\ntaskModel: sim:task\noptimizerModel: sim:optimizer\nbudget:\n  maxEvaluations: lots\n',
    );
    const result = await runCli(['optimize'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `${join(cwd, 'forge.config.yaml')}, line 5, field "budget.maxEvaluations"`,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(cwd, 'forge-runs'))).toBe(false);
  });

  it('names the file, line and field of a bad dataset line and leaves no run behind', async () => {
    const cwd = workspace('bad-data');
    const lines = [
      { id: 'a', question: 'one', answer: '1' },
      { id: 'b', question: 'two', answer: '2' },
      { id: 'c', question: 3, answer: '3' },
    ];
    writeFileSync(
      join(cwd, 'train.jsonl'),
      `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`,
    );
    writeFileSync(
      join(cwd, 'my-benchmark.mjs'),
      `import { readJsonl, createSingleModuleProgram } from '@forge/program';
import { z } from 'zod';
const schema = z.object({ id: z.string(), question: z.string(), answer: z.string() });
export default {
  id: 'mine', title: 'Mine',
  signature: { name: 'Mine', inputFields: [{ name: 'question', type: 'str', description: 'q' }], outputFields: [{ name: 'answer', type: 'str', description: 'a' }] },
  program: createSingleModuleProgram({ name: 'mine', moduleName: 'answer', seedPrompt: 'Answer.', renderInput: (i) => String(i.input.question), parseOutput: (text) => ({ answer: text }) }),
  evaluate: (instance, execution) => ({ score: execution.output.answer === instance.gold.answer ? 1 : 0 }),
  synthesis: { attempts: 2, epochs: 1, patience: 3 },
  async loadSplits() {
    const rows = await readJsonl(new URL('./train.jsonl', import.meta.url).pathname, schema);
    const instances = rows.map(({ value }) => ({ id: value.id, input: { question: value.question }, gold: { answer: value.answer } }));
    return { train: instances, validation: instances, test: [] };
  },
};
`,
    );
    // Node resolves @forge/* from the CLI's own node_modules when the module lives beside it.
    const moduleDir = join(cwd, 'node_modules');
    mkdirSync(moduleDir, { recursive: true });
    execFileSync('ln', [
      '-s',
      join(process.cwd(), 'node_modules', '@forge'),
      join(moduleDir, '@forge'),
    ]);
    execFileSync('ln', [
      '-s',
      join(process.cwd(), '..', '..', 'node_modules', '.pnpm', 'node_modules', 'zod'),
      join(moduleDir, 'zod'),
    ]);
    const result = await runCli(
      [
        'optimize',
        '--program',
        'my-benchmark.mjs',
        '-t',
        'sim:task',
        '-o',
        'sim:optimizer',
        '--budget',
        '50',
      ],
      { cwd },
    );
    expect(result.stderr).toContain(`${join(cwd, 'train.jsonl')}, line 3, field "question"`);
    expect(result.code).toBe(2);
    expect(existsSync(join(cwd, 'forge-runs'))).toBe(false);
  });

  it('gives a clear error for a read-only run directory', async () => {
    const cwd = workspace('read-only');
    const target = join(cwd, 'locked');
    mkdirSync(target);
    const undo = makeReadOnly(target);
    try {
      const result = await runCli(
        [
          'optimize',
          '-b',
          'sim',
          '-t',
          'sim:task',
          '-o',
          'sim:optimizer',
          '--budget',
          '100',
          '--run-dir',
          join(target, 'run'),
        ],
        { cwd },
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(join(target, 'run'));
      expect(result.stderr).not.toMatch(/SqliteError|\n\s+at /);
    } finally {
      undo();
    }
  });

  it('names the missing API key before doing any work', async () => {
    const cwd = workspace('no-key');
    const result = await runCli(
      ['optimize', '-b', 'sim', '-t', 'openai:gpt-5.5', '-o', 'sim:optimizer', '--budget', '100'],
      {
        cwd,
        env: { OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined },
      },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('OPENAI_API_KEY');
    expect(existsSync(join(cwd, 'forge-runs'))).toBe(false);
  });
});

describe('your own provider as a module', () => {
  it('registers --provider name=module and runs with "<name>:<model>" strings', async () => {
    const cwd = workspace('provider-module');
    writeFileSync(
      join(cwd, 'echo-provider.mjs'),
      `export default (modelId) => ({
  specificationVersion: 'v1',
  provider: 'echo',
  modelId,
  async generate(request) {
    return { text: 'I do not know', toolCalls: [], finishReason: 'stop', usage: { inputTokens: 3, outputTokens: 4 } };
  },
});
`,
    );
    const result = await runCli(
      [
        'optimize',
        '-b',
        'sim',
        '--provider',
        'echo=./echo-provider.mjs',
        '-t',
        'echo:tiny',
        '-o',
        'sim:optimizer',
        '--budget',
        '60',
        '--run-dir',
        'run',
        '--json',
      ],
      { cwd },
    );
    expect(result.code).toBe(0);
    const database = new Database(join(cwd, 'run', 'forge.db'), { readonly: true });
    const calls = {
      n: readModelCalls(database).filter(
        (call) => call.provider === 'echo' && call.model === 'tiny',
      ).length,
    };
    database.close();
    expect(calls.n).toBeGreaterThan(0);
    const bad = await runCli(
      [
        'optimize',
        '-b',
        'sim',
        '--provider',
        'echo',
        '-t',
        'echo:tiny',
        '-o',
        'sim:optimizer',
        '--budget',
        '60',
      ],
      { cwd },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('expected name=module');
  });
});

describe("a custom provider's errors", () => {
  it('reports a plain Error as the provider failure (exit 3, naming the module)', async () => {
    const cwd = workspace('provider-plain-error');
    writeFileSync(
      join(cwd, 'boom.mjs'),
      `export default (modelId) => ({
  specificationVersion: 'v1', provider: 'boom', modelId,
  async generate() { throw new Error('gateway rejected the request'); },
});
`,
    );
    const result = await runCli(
      [
        'optimize',
        '-b',
        'sim',
        '--provider',
        'boom=./boom.mjs',
        '-t',
        'boom:tiny',
        '-o',
        'sim:optimizer',
        '--budget',
        '60',
        '--run-dir',
        'run',
      ],
      { cwd },
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      'forge: boom:tiny: provider module ./boom.mjs failed: gateway rejected the request',
    );
    expect(result.stderr).not.toContain('bug in Forge');
  });

  it('retries network-shaped errors from a config provider before giving up with exit 3', async () => {
    const cwd = workspace('provider-reset');
    writeFileSync(
      join(cwd, 'reset.mjs'),
      `import { appendFileSync } from 'node:fs';
export default (modelId) => ({
  specificationVersion: 'v1', provider: 'reset', modelId,
  async generate() {
    appendFileSync(new URL('./calls.log', import.meta.url), 'call\\n');
    throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
  },
});
`,
    );
    writeFileSync(
      join(cwd, 'forge.yaml'),
      [
        'benchmark: sim',
        'providers:',
        '  reset: ./reset.mjs',
        'taskModel:',
        '  model: reset:tiny',
        '  maxRetries: 1',
        '  concurrency: 1',
        'optimizerModel: sim:optimizer',
        'budget: { maxEvaluations: 60 }',
        '',
      ].join('\n'),
    );
    const result = await runCli(['optimize', '-c', 'forge.yaml', '--run-dir', 'run'], { cwd });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('reset:tiny: failed after 2 attempts (retries exhausted)');
    expect(result.stderr).toContain('provider module ./reset.mjs failed: read ECONNRESET');
    const calls = readFileSync(join(cwd, 'calls.log'), 'utf8').trim().split('\n');
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls.length % 2).toBe(0);
  });
});

describe('the real provider stack against the simulated server', () => {
  it('runs a whole optimization through openai: model strings and never writes the API key', async () => {
    const server = await startSimServer({ latency: 1 });
    const apiKey = `sk-forge-e2e-${'k3y'.repeat(12)}`;
    try {
      const cwd = workspace('wire');
      const result = await runCli(
        [
          'optimize',
          '-b',
          'sim',
          '-t',
          'openai:task',
          '-o',
          'openai:optimizer',
          '--budget',
          '300',
          '--run-dir',
          'wire-run',
          '--json',
        ],
        { cwd, env: { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: apiKey } },
      );
      expect(result.stderr).not.toContain(apiKey);
      expect(result.code).toBe(0);
      const end = jsonEvents(result.stdout).at(-1);
      expect(end).toMatchObject({ type: 'run-end' });
      const runDir = join(cwd, 'wire-run');
      const database = new Database(join(runDir, 'forge.db'), { readonly: true });
      const calls = {
        n: readModelCalls(database).filter((call) => call.provider === 'openai').length,
      };
      database.close();
      expect(calls.n).toBeGreaterThan(50);
      // Scan every byte written to the run directory.
      for (const file of walk(runDir)) {
        expect(readFileSync(file).includes(Buffer.from(apiKey)), file).toBe(false);
        expect(readFileSync(file).includes(Buffer.from('k3yk3yk3y')), file).toBe(false);
      }
      expect(result.stdout).not.toContain(apiKey);
    } finally {
      await server.close();
    }
  }, 120_000);
});

function walk(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Root ignores file modes, so as root the directory becomes a read-only mount instead. */
function makeReadOnly(directory: string): () => void {
  if (process.getuid?.() === 0) {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', directory]);
    return () => execFileSync('umount', [directory]);
  }
  execFileSync('chmod', ['555', directory]);
  return () => execFileSync('chmod', ['755', directory]);
}
