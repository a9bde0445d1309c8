import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FakeTaskCatalog,
  startFakeAppWorldServer,
  writeFakeAppWorldRoot,
} from '@forge/bench-appworld/testing';
import { readModelCalls } from '@forge/store';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonEvents, runCli, startCli } from './run-cli.js';

// `forge optimize -b appworld` end to end on Forge's fake AppWorld environment (simulated:
// synthetic tasks, a tiny Python-like language) with scripted models. Nothing here is a real
// model or the real AppWorld.
const root = mkdtempSync(join(tmpdir(), 'forge-cli-appworld-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function workspace(name: string): string {
  const directory = join(root, name);
  mkdirSync(directory, { recursive: true });
  return directory;
}

/** A provider module serving the scripted AppWorld models as `scripted:<id>`. */
function writeScriptedProvider(directory: string): void {
  const testing = import.meta.resolve('@forge/bench-appworld/testing');
  writeFileSync(
    join(directory, 'scripted.mjs'),
    `import { scriptedAppWorldProvider } from ${JSON.stringify(testing)};\nexport default (modelId) => scriptedAppWorldProvider(modelId);\n`,
  );
}

describe('forge optimize -b appworld', () => {
  it('runs the whole method on the fake environment: prompt search, failure memory, synthesis on authored tasks', async () => {
    const cwd = workspace('optimize');
    writeFakeAppWorldRoot(join(cwd, 'appworld-root'));
    writeScriptedProvider(cwd);
    const catalog = new FakeTaskCatalog();
    await using authoring = await startFakeAppWorldServer({ catalog, authoring: true });
    await using other = await startFakeAppWorldServer({ catalog });
    writeFileSync(
      join(cwd, 'forge.config.yaml'),
      [
        'benchmark: appworld',
        'providers: { scripted: ./scripted.mjs }',
        'taskModel: scripted:agent',
        'optimizerModel: scripted:optimizer',
        // The reflected prompt solves both validation tasks early; the run goes on past that
        // perfect score so the failure memory and a synthesis event happen too.
        'budget: { maxEvaluations: 60, stopAtPerfectScore: false }',
        'minibatchSize: 2',
        'concurrency: 2',
        'synthesis: { attempts: 4, epochs: 1, patience: 2 }',
        'benchmarkSettings:',
        '  appworldRoot: appworld-root',
        `  serverUrls: [${authoring.url}, ${other.url}]`,
        `  authoringUrl: ${authoring.url}`,
      ].join('\n'),
    );
    const result = await runCli(['optimize', '--run-dir', 'run', '--json'], {
      cwd,
      env: { APPWORLD_ROOT: undefined, APPWORLD_SERVER_URLS: undefined },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const events = jsonEvents(result.stdout);
    expect(events[0]).toMatchObject({
      type: 'run-prepared',
      benchmark: 'appworld',
      title: 'AppWorld',
      sizes: { train: 4, validation: 2, test: 2 },
    });
    const end = events.at(-1) as Record<string, number>;
    expect(end).toMatchObject({ type: 'run-end' });
    // The seed reads only the first page: (1/3 + 1/2) / 2 on validation; the reflected prompt
    // reads every page and solves both.
    expect(end['seedScore']).toBeCloseTo(5 / 12, 10);
    expect(end['bestScore']).toBe(1);
    expect(end['testBestScore']).toBe(1);
    expect(end['evaluationsUsed']).toBeLessThanOrEqual(60);
    expect(events.some((event) => event.type === 'memory-updated')).toBe(true);
    const synthesis = events.find((event) => event.type === 'synthesis-end') as
      | { admitted: number; outcomes: Record<string, number> }
      | undefined;
    expect(synthesis?.admitted).toBeGreaterThan(0);
    // Admitted instances are native tasks the fake authoring backend published.
    const synthetic = readFileSync(join(cwd, 'run', 'synthetic.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { input: { task_id: string; instruction: string } });
    expect(synthetic.length).toBe(synthesis?.admitted);
    for (const instance of synthetic) {
      expect(catalog.get(instance.input.task_id)?.instruction).toBe(instance.input.instruction);
    }
    const database = new Database(join(cwd, 'run', 'forge.db'), { readonly: true });
    const roles = [...new Set(readModelCalls(database).map((call) => call.role))].sort();
    database.close();
    expect(roles).toEqual(['assign', 'generate', 'reflect', 'task', 'verify']);
  }, 120_000);

  it('without an authoring backend says so and runs as prompt search only', async () => {
    const cwd = workspace('prompt-search-only');
    writeFakeAppWorldRoot(join(cwd, 'appworld-root'));
    writeScriptedProvider(cwd);
    await using server = await startFakeAppWorldServer();
    const result = await runCli(
      [
        'optimize',
        '-b',
        'appworld',
        '--provider',
        'scripted=./scripted.mjs',
        '-t',
        'scripted:agent',
        '-o',
        'scripted:optimizer',
        '--budget',
        '40',
        '--run-dir',
        'run',
      ],
      { cwd, env: { APPWORLD_ROOT: join(cwd, 'appworld-root'), APPWORLD_SERVER_URLS: server.url } },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('AppWorld (prompt search only: no task-authoring backend)');
    expect(result.stderr).not.toContain('synthesis event');
    // Two validation tasks at once on one server: the run says its concurrency exceeds the pool.
    expect(result.stderr).toContain(
      "[FORGE_APPWORLD_POOL] Warning: appworld: more tasks want an environment server at once than the pool has servers (1): the run's concurrency exceeds the pool",
    );
  }, 120_000);

  it('fails with exit code 2 and how to start servers when none is running', async () => {
    const cwd = workspace('no-servers');
    writeFakeAppWorldRoot(join(cwd, 'appworld-root'));
    writeScriptedProvider(cwd);
    const gone = await startFakeAppWorldServer();
    await gone.kill();
    writeFileSync(
      join(cwd, 'forge.config.yaml'),
      `benchmark: appworld\nproviders: { scripted: ./scripted.mjs }\ntaskModel: scripted:agent\noptimizerModel: scripted:optimizer\nbudget: { maxEvaluations: 20 }\nbenchmarkSettings: { appworldRoot: appworld-root, serverUrls: [${gone.url}], waitForServerMs: 0 }\n`,
    );
    const result = await runCli(['optimize', '--run-dir', 'run'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No AppWorld environment server is available');
    expect(result.stderr).toContain('forge appworld serve -n 1');
    expect(result.stderr).not.toContain('    at ');
  }, 60_000);
});

describe('forge appworld serve', () => {
  it('supervises N servers of the appworld command on PATH, prints how to use them, and stops on Ctrl-C', async () => {
    const bin = workspace('bin');
    writeFileSync(
      join(bin, 'appworld'),
      `#!${process.execPath}
const http = require('node:http');
const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1]);
http.createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"message":"stand-in"}');
}).listen(port, '127.0.0.1');
`,
    );
    chmodSync(join(bin, 'appworld'), 0o755);
    const port = await freePorts(2);
    const run = startCli(['appworld', 'serve', '-n', '2', '--port', String(port)], {
      cwd: bin,
      env: { PATH: `${bin}:${process.env['PATH'] ?? ''}` },
      onStdoutLine: (line, child) => {
        if (line.startsWith('  benchmarkSettings')) child.kill('SIGINT');
      },
    });
    const result = await run.done;
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`http://127.0.0.1:${port}\n  http://127.0.0.1:${port + 1}`);
    expect(result.stdout).toContain(
      `APPWORLD_SERVER_URLS=http://127.0.0.1:${port},http://127.0.0.1:${port + 1} forge optimize -b appworld --concurrency 2`,
    );
    expect(result.stdout).toContain(`benchmarkSettings: { servers: 2, basePort: ${port} }`);
    expect(await isFree(port)).toBe(true);
  }, 60_000);

  it('says how to install AppWorld when the command is missing', async () => {
    const cwd = workspace('no-command');
    const result = await runCli(['appworld', 'serve', '-n', '2'], { cwd, env: { PATH: cwd } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the `appworld` command was not found on PATH');
    expect(result.stderr).toContain('pip install appworld');
  });
});

async function freePorts(count: number): Promise<number> {
  for (;;) {
    const start = 20_000 + Math.floor(Math.random() * 40_000);
    const free = await Promise.all(
      Array.from({ length: count }, (_, index) => isFree(start + index)),
    );
    if (free.every(Boolean)) return start;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
