import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tinyLlamaGguf, writeTinyLlamaGguf } from '@forge/provider-llama-cpp/testing';
import { readModelCalls } from '@forge/store';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonEvents, runCli, startCli } from './run-cli.js';

// A real model in process: `forge optimize -t local:<tiny.gguf>` on a generated random-weights
// llama GGUF (nothing downloaded), the simulated optimizer proposing prompts. The scores mean
// nothing; what is checked is the plumbing: every task answer is grammar-valid JSON for the
// module's enum/boolean schema, usage is counted, a stopped run resumes, the report renders.
const root = mkdtempSync(join(tmpdir(), 'forge-local-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const program = `import { defineModule, defineProgram, type EvaluatorOf, type InstanceOf } from '@forge/sdk';
import { z } from 'zod';

export const screen = defineModule({
  name: 'screen',
  seedPrompt: 'Decide whether the message is spam and whether it is urgent.',
  input: z.object({ message: z.string() }),
  output: z.object({ label: z.enum(['spam', 'ham']), urgent: z.boolean() }),
  answerFormat: 'json',
  maxOutputTokens: 48,
});

export const program = defineProgram({
  name: 'screen-mail',
  modules: [screen],
  input: z.object({ message: z.string() }),
  output: z.object({ label: z.enum(['spam', 'ham']), urgent: z.boolean() }),
  run: ({ message }, { call }) => call(screen, { message }),
});

const messages = ['WIN a cruise now', 'lunch at noon?', 'server down!', 'cheap pills', 'minutes attached', 'reset your password'];
function rows(prefix: string, from: number, count: number): InstanceOf<typeof program>[] {
  return Array.from({ length: count }, (_, offset) => {
    const index = from + offset;
    return {
      id: prefix + '-' + index,
      input: { message: (messages[index % messages.length] ?? '') + ' #' + index },
      gold: { label: index % 3 === 0 ? 'spam' : 'ham', urgent: index % 2 === 0 },
    };
  });
}
export const train = rows('train', 0, 4);
export const validation = rows('validation', 4, 4);

export const metric: EvaluatorOf<typeof program> = (instance, execution) => ({
  score:
    (Number(execution.output.label === instance.gold.label) +
      Number(execution.output.urgent === instance.gold.urgent)) / 2,
});
`;

function workspace(): string {
  const directory = join(root, 'project');
  mkdirSync(join(directory, 'node_modules'), { recursive: true });
  // The program module resolves @forge/* and zod from the workspace's packages.
  for (const name of ['@forge', 'zod']) {
    execFileSync('ln', [
      '-s',
      join(process.cwd(), 'node_modules', name),
      join(directory, 'node_modules', name),
    ]);
  }
  writeFileSync(join(directory, 'app.ts'), program);
  writeTinyLlamaGguf(join(directory, 'models', 'tiny.gguf'), { seed: 11 });
  return directory;
}

// One llama.cpp thread: CI's two cores are shared with the CLI itself.
const env = { FORGE_LOCAL_THREADS: '1', FORGE_LOCAL_CONTEXT_SIZE: '1024' };
const flags = [
  '-t',
  'local:models/tiny.gguf',
  '-o',
  'sim:optimizer',
  '--budget',
  '24',
  '--no-test',
  '--json',
];

describe('forge optimize with a local GGUF task model', () => {
  it('answers under the grammar, counts usage, resumes after a stop and renders the report', async () => {
    const cwd = workspace();
    let stopped = false;
    const first = startCli(['optimize', '--program', 'app.ts', '--run-dir', 'run', ...flags], {
      cwd,
      env,
      onStdoutLine: (line, child) => {
        if (!stopped && line.includes('"type":"step-end"')) {
          stopped = true;
          child.kill('SIGINT');
        }
      },
    });
    const interrupted = await first.done;
    expect(stopped, interrupted.stderr).toBe(true);
    expect(interrupted.code, interrupted.stderr).toBe(130);

    const resumed = await runCli(['optimize', '--resume', 'run', '--program', 'app.ts', '--json'], {
      cwd,
      env,
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    const events = jsonEvents(resumed.stdout);
    expect(events.find((event) => event.type === 'run-start')).toMatchObject({ resumed: true });
    const end = events.at(-1) as Record<string, unknown>;
    expect(end).toMatchObject({ type: 'run-end' });
    expect(typeof end['bestScore']).toBe('number');

    const database = new Database(join(cwd, 'run', 'forge.db'), { readonly: true });
    const calls = readModelCalls(database)
      .filter(
        (call) =>
          call.provider === 'local' && call.model === 'models/tiny.gguf' && call.role === 'task',
      )
      .map((call) => ({
        input_tokens: call.inputTokens as number,
        output_tokens: call.outputTokens as number,
        cost_usd: call.costUsd,
        error: call.errorJson,
        response: call.responseJson,
      }));
    database.close();
    expect(calls.length).toBeGreaterThanOrEqual(8);
    for (const call of calls) {
      expect(call.error).toBeNull();
      expect(call.input_tokens).toBeGreaterThan(20);
      expect(call.output_tokens).toBeGreaterThan(0);
      expect(call.cost_usd ?? 0).toBe(0);
      const text = (JSON.parse(call.response ?? '{}') as { text?: string }).text ?? '';
      const answer = JSON.parse(text) as Record<string, unknown>;
      expect(Object.keys(answer)).toEqual(['label', 'urgent']);
      expect(['spam', 'ham']).toContain(answer['label']);
      expect(typeof answer['urgent']).toBe('boolean');
    }

    const report = await runCli(['report', 'run'], { cwd });
    expect(report.code, report.stderr).toBe(0);
    const html = readFileSync(join(cwd, 'run', 'report.html'), 'utf8');
    expect(html).toContain('local:models/tiny.gguf');
    expect(html).not.toContain('Unpriced models');
  });

  it('names a missing model file and exits 2 before any work', async () => {
    const cwd = join(root, 'project');
    if (!existsSync(cwd)) workspace();
    const result = await runCli(
      [
        'optimize',
        '--program',
        'app.ts',
        '--run-dir',
        'missing',
        ...flags.slice(2),
        '-t',
        'local:models/none.gguf',
      ],
      { cwd, env },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('local:models/none.gguf');
    expect(result.stderr).toContain('no such file');
    expect(existsSync(join(cwd, 'missing', 'forge.db'))).toBe(false);
  });

  it('pulls a GGUF file into a models folder, and names a missing one with exit 2', async () => {
    const model = Buffer.from(tinyLlamaGguf({ seed: 2 }));
    const server = createServer((request, response) => {
      if (request.url === '/org/repo/resolve/main/small.gguf') {
        response.writeHead(200, { 'content-length': String(model.length) });
        response.end(model);
        return;
      }
      response.writeHead(404);
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const cwd = mkdtempSync(join(root, 'pull-'));
      const pulled = await runCli(['models', 'pull', `${base}/org/repo/blob/main/small.gguf`], {
        cwd,
      });
      expect(pulled.code, pulled.stderr).toBe(0);
      expect(pulled.stdout).toContain(`downloaded: ${join('models', 'small.gguf')}`);
      expect(readFileSync(join(cwd, 'models', 'small.gguf')).equals(model)).toBe(true);
      const missing = await runCli(['models', 'pull', `${base}/org/repo/resolve/main/none.gguf`], {
        cwd,
      });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('HTTP 404');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
