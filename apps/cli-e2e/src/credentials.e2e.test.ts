import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

// Credentials of every shape — headers of any name, a key in the base URL's query, a key in the
// environment — echoed back by a loopback OpenAI-compatible server in its error, must appear in no
// file of the run, not in its report or database, and not in anything printed.
const secrets = {
  apiKey: 'APIKEY-secret-0001',
  apim: 'OCP-secret-0002',
  xAuth: 'XAUTH-secret-0003',
  helicone: 'HELICONE-secret-0004',
  cookie: 'COOKIE-secret-0005',
  query: 'QUERY-secret-0006',
  environment: 'ENVKEY-secret-0007',
  password: 'PASSWORD-secret-0008',
};
// Control sequences a hostile server puts in its error: a window title, an OSC 8 link, a screen
// clear and a cursor move.
const hostileText =
  '\u001b]0;pwned\u0007\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\\u001b[2J\u001b[H';
const root = mkdtempSync(join(tmpdir(), 'forge-credentials-e2e-'));
let server: Server;
let port = 0;
let requests = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests++;
    request.resume();
    request.on('end', () => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: {
            message: `refused ${hostileText} ${request.url} with ${JSON.stringify(request.headers)} and ${secrets.environment}`,
            type: 'invalid_request_error',
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function leaks(text: string): string[] {
  return Object.values(secrets).filter((secret) => text.includes(secret));
}

/** Asserts that no file holds any of the secrets, naming the file that does. */
function expectNoSecretIn(files: readonly string[]): void {
  for (const file of files) expect([file, leaks(readFileSync(file, 'latin1'))]).toEqual([file, []]);
}

/**
 * The task model on the echoing server, with a secret in every place one can hide: the base
 * URL's query, the API key, and headers of any name (`X-Title` is declared non-secret).
 */
function taskModelWithSecrets() {
  return {
    model: 'openai:echo',
    baseURL: `http://127.0.0.1:${port}/v1?subscription-key=${secrets.query}`,
    settings: {
      apiKey: secrets.apiKey,
      headers: {
        'Ocp-Apim-Subscription-Key': secrets.apim,
        'X-Auth': secrets.xAuth,
        'Helicone-Auth': `Bearer ${secrets.helicone}`,
        Cookie: `session=${secrets.cookie}`,
        'X-Title': 'forge-e2e',
      },
    },
    maxRetries: 0,
  };
}

describe('credentials of every shape', () => {
  it('reach the server but no file of the run, its report, its database or the output', async () => {
    writeFileSync(
      join(root, 'forge.config.json'),
      JSON.stringify({
        benchmark: 'sim',
        taskModel: taskModelWithSecrets(),
        optimizerModel: 'sim:optimizer',
        budget: { maxEvaluations: 30 },
        backupIntervalSeconds: 0,
      }),
    );
    const run = await runCli(['optimize', '--run-dir', 'run', '--json'], {
      cwd: root,
      env: { MY_GATEWAY_TOKEN: secrets.environment },
    });
    expect(requests).toBeGreaterThan(0);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('HTTP 400');
    expect(run.stderr).toContain('[REDACTED]');
    // The server's words reach the terminal without their control sequences.
    expect(run.stderr).toContain('refused click');
    expect(run.stderr).not.toContain('\u001b');
    const report = await runCli(['report', 'run'], { cwd: root });
    expect(report.code).toBe(0);
    const check = await runCli(['runs', 'check', 'run'], { cwd: root });

    expect(leaks(run.stdout + run.stderr + report.stdout + report.stderr)).toEqual([]);
    expect(leaks(check.stdout + check.stderr)).toEqual([]);
    const files = filesUnder(join(root, 'run'));
    expect(files.map((file) => file.slice(root.length + 1))).toEqual(
      expect.arrayContaining(['run/config.json', 'run/forge.db', 'run/report.html']),
    );
    expectNoSecretIn(files);
    // What is declared non-secret is kept, so the saved config stays useful.
    const saved = JSON.parse(readFileSync(join(root, 'run', 'config.json'), 'utf8'));
    expect(saved.taskModel.settings.headers['X-Title']).toBe('forge-e2e');
    expect(saved.taskModel.settings.headers['X-Auth']).toBe('[REDACTED]');
    expect(saved.taskModel.baseURL).toBe(`http://127.0.0.1:${port}/v1?subscription-key=[REDACTED]`);
  }, 60_000);

  it('reach the server but no file of a suite: suite.json, cells, databases, reports, tables', async () => {
    const taskModel = taskModelWithSecrets();
    const suite = {
      name: 'credentials',
      benchmarks: ['sim'],
      methods: ['baseline', 'forge'],
      taskModels: [taskModel],
      optimizerModels: ['sim:optimizer'],
      seeds: [0],
      budget: { maxEvaluations: 30 },
    };
    writeFileSync(join(root, 'credentials-suite.json'), JSON.stringify(suite));
    const env = { MY_GATEWAY_TOKEN: secrets.environment };
    const before = requests;
    const run = await runCli(
      ['suite', '-c', 'credentials-suite.json', '--dir', 'suite', '--json'],
      {
        cwd: root,
        env,
      },
    );
    expect(requests).toBeGreaterThan(before);
    expect(run.stderr).not.toMatch(/bug in Forge|\n\s+at /);
    expect(run.code).toBe(3);
    const resumed = await runCli(['suite', '--dir', 'suite', '--resume', '--json'], {
      cwd: root,
      env,
    });
    const report = await runCli(['suite', 'report', 'suite'], { cwd: root });
    expect(report.code).toBe(0);
    const listed = await runCli(['runs', 'suite/cells', '--json'], { cwd: root });
    for (const output of [run, resumed, report, listed])
      expect(leaks(output.stdout + output.stderr)).toEqual([]);
    const files = filesUnder(join(root, 'suite'));
    const relative = files.map((file) => file.slice(root.length + 1));
    expect(relative).toEqual(
      expect.arrayContaining(['suite/suite.json', 'suite/results.json', 'suite/report.html']),
    );
    expect(relative.filter((file) => file.endsWith('/forge.db')).length).toBeGreaterThan(0);
    expect(relative.filter((file) => file.endsWith('/config.json')).length).toBeGreaterThan(0);
    expectNoSecretIn(files);
    // The server's words about the refused calls were stored, scrubbed: the test had work to do.
    const echoed = files.filter((file) => readFileSync(file, 'latin1').includes('x-stainless-os'));
    expect(echoed.some((file) => readFileSync(file, 'latin1').includes('[REDACTED]'))).toBe(true);
    const saved = JSON.parse(readFileSync(join(root, 'suite', 'suite.json'), 'utf8'));
    const savedModel = JSON.stringify(saved);
    expect(savedModel).toContain('"X-Title":"forge-e2e"');
    expect(savedModel).toContain('"X-Auth":"[REDACTED]"');
    expect(savedModel).toContain(`/v1?subscription-key=[REDACTED]`);

    // Credentials in the URL's user-info are refused before anything is saved or sent.
    const withUser = {
      ...suite,
      taskModels: [
        { ...taskModel, baseURL: `http://someone:${secrets.password}@127.0.0.1:${port}/v1` },
      ],
    };
    writeFileSync(join(root, 'userinfo-suite.json'), JSON.stringify(withUser));
    const sent = requests;
    const refused = await runCli(['suite', '-c', 'userinfo-suite.json', '--dir', 'suite-2'], {
      cwd: root,
      env,
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('carries credentials in the URL');
    expect(leaks(refused.stdout + refused.stderr)).toEqual([]);
    expect(requests).toBe(sent);
    const leftBehind = existsSync(join(root, 'suite-2')) ? filesUnder(join(root, 'suite-2')) : [];
    expectNoSecretIn(leftBehind);
  }, 180_000);

  it('a user:password@ base URL is refused at once, naming the problem, not retried as unreachable', async () => {
    const before = requests;
    const run = await runCli(
      [
        'optimize',
        '-b',
        'sim',
        '-t',
        'openai:echo',
        '-o',
        'sim:optimizer',
        '--budget',
        '30',
        '--run-dir',
        'userinfo',
      ],
      {
        cwd: join(root),
        env: {
          OPENAI_BASE_URL: `http://someone:${secrets.password}@127.0.0.1:${port}/v1`,
          OPENAI_API_KEY: secrets.apiKey,
        },
      },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('carries credentials in the URL');
    expect(run.stderr).not.toMatch(/retry|could not reach/i);
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
    expect(requests).toBe(before);
  }, 60_000);
});
