import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

// A model server answering JSON nested 20,000 deep — in a success body, an error body or a tool
// call's arguments — gets a clear, unretried provider error (exit 3), never a stack overflow
// reported as a bug in Forge, and the run it stopped stays healthy and resumable.
const deep = '['.repeat(20_000) + ']'.repeat(20_000);
const root = mkdtempSync(join(tmpdir(), 'forge-deep-e2e-'));
let server: Server;
let port = 0;
let healthy = false;
const requests = new Map<string, number>();

function answer(path: string): { status: number; body: string } {
  if (healthy) {
    return {
      status: 200,
      body: JSON.stringify({
        id: 'c1',
        choices: [{ message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1 },
      }),
    };
  }
  // OpenAI wire, the body's content nested deep (once a stack overflow in the malformed-body path).
  if (path === '/content/v1/chat/completions')
    return { status: 200, body: `{"choices":[{"message":{"content":${deep}}}]}` };
  // OpenAI wire, a tool call whose arguments (a JSON string) decode 20,000 deep.
  if (path === '/tool/v1/chat/completions') {
    return {
      status: 200,
      body: JSON.stringify({
        choices: [
          {
            message: {
              content: null,
              tool_calls: [
                { id: 't1', type: 'function', function: { name: 'f', arguments: deep } },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1 },
      }),
    };
  }
  // Anthropic wire, an error whose message is nested deep (once retried as unreadable).
  if (path === '/v1/messages')
    return { status: 400, body: `{"type":"error","error":{"type":"x","message":${deep}}}` };
  // Ollama wire, tool-call arguments nested deep in the body itself.
  if (path === '/api/chat') {
    return {
      status: 200,
      body: `{"model":"m","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"f","arguments":{"a":${deep}}}}]},"done":true,"prompt_eval_count":1,"eval_count":1}`,
    };
  }
  return { status: 404, body: '{"error":{"message":"no such route"}}' };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '';
    requests.set(path, (requests.get(path) ?? 0) + 1);
    request.resume();
    request.on('end', () => {
      const { status, body } = answer(path);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

const cases = [
  { name: 'openai-content', model: 'openai:echo', where: 'choices.0.message.content.0.0…' },
  { name: 'openai-tool', model: 'openai:echo', where: 'toolCalls.0.input.0.0.0…' },
  { name: 'anthropic-error', model: 'anthropic:claude-test', where: undefined },
  {
    name: 'ollama-tool',
    model: 'ollama:qwen3:8b',
    where: 'message.tool_calls.0.function.arguments.a…',
  },
] as const;

function environment(name: string): Record<string, string> {
  const base = `http://127.0.0.1:${port}`;
  return {
    OPENAI_BASE_URL: `${base}/${name === 'openai-tool' ? 'tool' : 'content'}/v1`,
    OPENAI_API_KEY: 'loopback-key',
    ANTHROPIC_BASE_URL: base,
    ANTHROPIC_API_KEY: 'loopback-key',
    OLLAMA_HOST: base,
  };
}

function optimize(name: string, model: string, ...extra: string[]) {
  const cwd = join(root, name);
  mkdirSync(cwd, { recursive: true });
  return runCli(
    ['optimize', '-b', 'sim', '-t', model, '-o', 'sim:optimizer', '--budget', '30', ...extra],
    { cwd, env: environment(name) },
  );
}

describe('a server answering JSON nested 20,000 deep', () => {
  it.each(cases)(
    '$name: exit 3 naming the limit, not retried, the run healthy',
    async (each) => {
      const run = await optimize(each.name, each.model, '--run-dir', 'run');
      expect(run.stderr).not.toMatch(/bug in Forge|call stack|\n\s+at /);
      expect(run.code).toBe(3);
      expect(run.stderr).toContain(
        `${each.model}: invalid response from ${each.where?.startsWith('toolCalls') ? 'the model' : `http://127.0.0.1:${port}`}`,
      );
      expect(run.stderr).toContain('nested more than 100 levels deep');
      if (each.where !== undefined) expect(run.stderr).toContain(`(at ${each.where})`);
      expect(run.stderr).not.toMatch(/retry|attempt \d/);

      const cwd = join(root, each.name);
      const check = await runCli(['runs', 'check', 'run'], { cwd });
      expect(check.stdout + check.stderr).toContain('The run is healthy.');
      expect(check.code).toBe(0);
      const report = await runCli(['report', 'run'], { cwd });
      expect(report.code).toBe(0);
    },
    120_000,
  );

  it('a stopped run resumes to the end once the server answers sanely', async () => {
    const stopped = await optimize('resumed', 'openai:echo', '--run-dir', 'run');
    expect(stopped.code).toBe(3);
    healthy = true;
    try {
      const resumed = await runCli(['optimize', '--resume', 'run'], {
        cwd: join(root, 'resumed'),
        env: environment('resumed'),
      });
      expect(resumed.stderr).not.toMatch(/bug in Forge|nested more than/);
      expect(resumed.stderr).toContain('forge resuming');
      expect(resumed.code).toBe(0);
    } finally {
      healthy = false;
    }
  }, 120_000);
});
