import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readModelCalls } from '@forge/store';
import {
  type CollectedSpan,
  type OtlpCollector,
  startOtlpCollector,
} from '@forge/telemetry/testing';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

// `forge optimize --otel` on the simulated world, exported to a stand-in OTLP/HTTP collector on
// loopback that decodes what the real exporter sends; and a run without telemetry, watched by a
// module loader hook, that loads no OpenTelemetry module.
const root = mkdtempSync(join(tmpdir(), 'forge-telemetry-e2e-'));
const collectors: OtlpCollector[] = [];
afterAll(async () => {
  for (const collector of collectors) await collector.close();
  rmSync(root, { recursive: true, force: true });
});

async function collector(): Promise<OtlpCollector> {
  const started = await startOtlpCollector();
  collectors.push(started);
  return started;
}

const simRun = [
  'optimize',
  '-b',
  'sim',
  '-t',
  'sim:task',
  '-o',
  'sim:optimizer',
  '--budget',
  '120',
];

describe('forge optimize --otel', () => {
  it('exports the documented span tree to the collector, with headers that are never saved', async () => {
    const otlp = await collector();
    const cwd = join(root, 'export');
    mkdirSync(cwd);
    const configSecret = 'cfg-secret-4f1d8e2a9b7c';
    const environmentSecret = 'env-secret-9a8b7c6d5e4f';
    writeFileSync(
      join(cwd, 'forge.config.json'),
      JSON.stringify({ telemetry: { headers: { 'x-api-key': configSecret } } }),
    );
    const result = await runCli([...simRun, '--run-dir', 'run', '--otel', otlp.url], {
      cwd,
      env: { OTEL_EXPORTER_OTLP_HEADERS: `authorization=Bearer%20${environmentSecret}` },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(otlp.exports.length).toBeGreaterThan(0);
    for (const received of otlp.exports) {
      expect(received.path).toBe('/v1/traces');
      expect(received.headers['content-type']).toBe('application/x-protobuf');
      expect(received.headers['x-api-key']).toBe(configSecret);
      expect(received.headers['authorization']).toBe(`Bearer ${environmentSecret}`);
    }
    const spans = otlp.spans();
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const parent = (span: CollectedSpan) => byId.get(span.parentSpanId ?? '');
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    const roots = spans.filter((span) => span.parentSpanId === undefined);
    expect(roots.map((span) => span.name)).toEqual(['optimize forge']);
    const run = roots[0] as CollectedSpan;
    expect(run.attributes).toMatchObject({
      'forge.run.id': 'run',
      'forge.method': 'forge',
      'forge.benchmark': 'sim',
      'forge.simulated': true,
    });
    const steps = spans.filter((span) => span.name.startsWith('step '));
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) expect(parent(step)).toBe(run);
    const chats = spans.filter((span) => span.name.startsWith('chat '));
    const database = new Database(join(cwd, 'run', 'forge.db'), { readonly: true });
    const calls = readModelCalls(database).length;
    database.close();
    expect(chats.length).toBe(calls);
    const roles = new Set<unknown>();
    for (const chat of chats) {
      const activity = parent(chat) as CollectedSpan;
      const owner = parent(activity) as CollectedSpan;
      expect(owner === run || owner.name === `step ${String(chat.attributes['forge.step'])}`).toBe(
        true,
      );
      expect(chat.attributes['gen_ai.operation.name']).toBe('chat');
      expect(chat.attributes['gen_ai.request.model']).toMatch(/^(task|optimizer)$/);
      roles.add(chat.attributes['forge.role']);
    }
    // A short run: its steps evaluate, reflect and file failures (no synthesis event yet).
    expect([...roles].sort()).toEqual(['assign', 'reflect', 'task']);
    // Secrets reach the collector's headers only: no span, no output, no saved config.
    const everything = [
      ...otlp.exports.map((received) => received.body.toString('latin1')),
      result.stdout,
      result.stderr,
      readFileSync(join(cwd, 'run', 'config.json'), 'utf8'),
    ].join('\n');
    expect(everything).not.toContain(configSecret);
    expect(everything).not.toContain(environmentSecret);
    expect(JSON.parse(readFileSync(join(cwd, 'run', 'config.json'), 'utf8')).telemetry).toEqual({
      exporter: 'otlp',
      endpoint: otlp.url,
      headers: { 'x-api-key': '[REDACTED]' },
      includeContent: false,
    });
  });

  it('goes on, with one warning, when no collector answers', async () => {
    const closed = await startOtlpCollector();
    await closed.close();
    const cwd = join(root, 'unreachable');
    mkdirSync(cwd);
    const result = await runCli(
      [...simRun, '--no-test', '--run-dir', 'run', '--otel', closed.url],
      { cwd },
    );
    expect(result.code, result.stderr).toBe(0);
    const output = result.stdout + result.stderr;
    expect(output.match(/could not export spans/g)).toHaveLength(1);
  });
});

describe('modules a run loads', () => {
  it('loads no OpenTelemetry module, with telemetry off or with --otel (Forge exports itself)', async () => {
    const cwd = join(root, 'modules');
    mkdirSync(cwd);
    // A loader hook that writes down every module URL Node loads, and a CommonJS one too.
    const log = join(cwd, 'modules.log');
    const hooks = join(cwd, 'hooks.mjs');
    writeFileSync(
      hooks,
      `import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function load(url, context, next) { appendFileSync(log, url + '\\n'); return next(url, context); }
`,
    );
    const register = join(cwd, 'register.mjs');
    writeFileSync(
      register,
      `import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
const log = ${JSON.stringify(log)};
register(${JSON.stringify(pathToFileURL(hooks).href)}, { data: { log } });
const load = Module._load;
Module._load = function (request, ...rest) { appendFileSync(log, 'require:' + request + '\\n'); return load.call(this, request, ...rest); };
`,
    );
    const env = { NODE_OPTIONS: `--import=${pathToFileURL(register).href}` };
    const off = await runCli([...simRun, '--no-test', '--run-dir', 'off'], { cwd, env });
    expect(off.code, off.stderr).toBe(0);
    const offModules = readFileSync(log, 'utf8').split('\n');
    expect(
      offModules.some((url) => url.includes('/@forge/sdk/') || url.includes('/packages/sdk/')),
    ).toBe(true);
    expect(offModules.filter((url) => /opentelemetry|\/telemetry\/dist\//.test(url))).toEqual([]);

    rmSync(log);
    const otlp = await collector();
    const on = await runCli([...simRun, '--no-test', '--run-dir', 'on', '--otel', otlp.url], {
      cwd,
      env,
    });
    expect(on.code, on.stderr).toBe(0);
    const onModules = readFileSync(log, 'utf8').split('\n');
    // --otel loads Forge's exporter, and not one OpenTelemetry module: the API is types only.
    expect(onModules.some((url) => /\/telemetry\/dist\/index\.js$/.test(url))).toBe(true);
    expect(onModules.filter((url) => url.includes('opentelemetry'))).toEqual([]);
  });
});
