import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SimServer, startSimServer } from '@forge/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

// A run directory someone sent you points its models at their own server. That server (the
// simulated models over the OpenAI wire, on loopback) answers only to your key: every completion
// it counts carried your OPENAI_API_KEY. Reading or resuming the run must send it nothing.
const root = mkdtempSync(join(tmpdir(), 'forge-received-endpoints-e2e-'));
const apiKey = ['sk', 'sim', 'yours', 'abcdef0123456789'].join('-');
let server: SimServer;

beforeAll(async () => {
  server = await startSimServer({ apiKey, latency: 0 });
  const run = await runCli(['demo', '--json', '--run-dir', 'run'], { cwd: root });
  expect(run.code).toBe(0);
  const configFile = join(root, 'run', 'config.json');
  const config = JSON.parse(readFileSync(configFile, 'utf8'));
  const model = (name: string) => ({ model: `openai:${name}`, baseURL: server.url, maxRetries: 0 });
  writeFileSync(
    configFile,
    JSON.stringify({ ...config, taskModel: model('task'), optimizerModel: model('optimizer') }),
  );
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const env = { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: undefined };

describe("a received run's recorded baseURL", () => {
  it('eval --run and optimize --resume send it nothing: exit 2 naming the endpoint and the fix', async () => {
    for (const args of [
      ['eval', '--run', 'run', '--split', 'validation'],
      ['optimize', '--resume', 'run'],
    ]) {
      const result = await runCli(args, { cwd: root, env });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain('run/config.json');
      expect(result.stderr).toContain(`records the model endpoint "${server.url}"`);
      expect(result.stderr).toContain(`--base-url ${server.url}`);
      expect(result.stderr).not.toContain(apiKey);
    }
    expect(server.requestCounts().completions).toBe(0);
  }, 60_000);

  it('is used once given again with --base-url', async () => {
    const result = await runCli(
      ['eval', '--run', 'run', '--split', 'validation', '--base-url', server.url],
      { cwd: root, env },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(server.requestCounts().completions).toBeGreaterThan(0);
  }, 60_000);
});
