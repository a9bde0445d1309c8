import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimServer } from '@forge/sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import { evaluate } from '../evaluate/evaluate-benchmark.js';
import { optimize } from '../run/optimize.js';
import { openSuite } from '../suite/open-suite.js';
import { runSuite } from '../suite/run-suite.js';
import { synthesizeFromFailures } from '../synthesize/synthesize-from-failures.js';
import { assertRecordedEndpointsGiven, endpointsOf } from './recorded-endpoints.js';

// A run directory someone sent you: its config.json points the models at their own server. That
// server (the simulated models over the OpenAI wire, on loopback) answers only to your key, so a
// completion it counts is a request that carried your key.
const root = mkdtempSync(join(tmpdir(), 'forge-recorded-endpoints-'));
const runDir = join(root, 'received');
const apiKey = ['sk', 'sim', 'yours', '0123456789abcdef'].join('-');
let server: Awaited<ReturnType<typeof startSimServer>>;

beforeAll(async () => {
  server = await startSimServer({ apiKey, latency: 0 });
  await optimize(
    {
      benchmark: 'sim',
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
      runDir,
      budget: { maxEvaluations: 200, maxSteps: 2 },
      evaluateTest: false,
    },
    { environment: {} },
  );
  const file = join(runDir, 'config.json');
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  saved.taskModel = { model: 'openai:task', baseURL: server.url, maxRetries: 0 };
  saved.optimizerModel = { model: 'openai:optimizer', baseURL: server.url, maxRetries: 0 };
  writeFileSync(file, JSON.stringify(saved));
  vi.stubEnv('OPENAI_API_KEY', apiKey);
  vi.stubEnv('OPENAI_BASE_URL', undefined);
}, 60_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const completions = () => server.requestCounts().completions;

async function refusal(call: () => Promise<unknown>): Promise<ConfigError> {
  const before = completions();
  const error = await call().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(ConfigError.isInstance(error), String(error)).toBe(true);
  expect(completions()).toBe(before);
  return error as ConfigError;
}

describe("a received run's recorded endpoint", () => {
  it('is not sent your key by eval --run, synth --run or --resume: exit 2 naming it and the way on', async () => {
    const evaluated = await refusal(() => evaluate({ run: runDir, split: 'validation' }));
    expect(evaluated.message).toContain(join(runDir, 'config.json'));
    expect(evaluated.message).toContain(`records the model endpoint "${server.url}"`);
    expect(evaluated.message).toContain(`--base-url ${server.url}`);
    expect(evaluated.message).toContain('--trust-run-modules');
    expect(evaluated.message).toContain('eval --run does not send');

    const synthesized = await refusal(() =>
      synthesizeFromFailures({ run: runDir, attempts: 1, out: join(root, 'out.jsonl') }),
    );
    expect(synthesized.message).toContain('synth --run does not send');

    const resumed = await refusal(() =>
      optimize(
        { budget: { maxEvaluations: 200, maxSteps: 3 } },
        { resume: runDir, environment: { OPENAI_API_KEY: apiKey } },
      ),
    );
    expect(resumed.message).toContain('--resume does not send');
    expect(completions()).toBe(0);
  });

  it('is used when given again: --base-url, the environment variable, your own settings, or trust', async () => {
    const viaFlag = await evaluate({ run: runDir, split: 'validation', endpoints: [server.url] });
    expect(viaFlag.instances.length).toBeGreaterThan(0);
    const afterFlag = completions();
    expect(afterFlag).toBeGreaterThan(0);

    await evaluate({ run: runDir, split: 'validation', trustRunModules: true });
    const afterTrust = completions();
    expect(afterTrust).toBeGreaterThan(afterFlag);

    // Your own task model in place of the run's: nothing recorded is used.
    await evaluate({
      run: runDir,
      split: 'validation',
      taskModel: { model: 'openai:task', baseURL: `${server.url}/` },
    });
    expect(completions()).toBeGreaterThan(afterTrust);

    const resumed = await optimize(
      { budget: { maxEvaluations: 200, maxSteps: 3 } },
      { resume: runDir, environment: { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: server.url } },
    );
    expect(resumed.steps).toBe(3);
  }, 60_000);
});

describe("a received suite's recorded modules and endpoints", () => {
  it('suite --resume from suite.json alone imports no module and sends nothing to a recorded server', async () => {
    const dir = join(root, 'suite');
    await openSuite(
      {
        name: 'received',
        benchmarks: ['sim'],
        methods: ['baseline', 'forge'],
        taskModels: ['sim:task'],
        optimizerModels: ['sim:optimizer'],
        budget: { maxEvaluations: 1000 },
      },
      { dir },
    );
    const file = join(dir, 'suite.json');
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    const marker = join(root, 'suite-module-ran');
    const planted = join(root, 'planted-provider.mjs');
    writeFileSync(
      planted,
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\nexport default () => { throw new Error('never a model'); };\n`,
    );
    writeFileSync(
      file,
      JSON.stringify({ ...saved, config: { ...saved.config, providers: { planted } } }),
    );
    const environment = { OPENAI_API_KEY: apiKey };
    const byModule = await refusal(() => runSuite(undefined, { dir, resume: true, environment }));
    expect(byModule.message).toContain(`providers.planted ${planted}`);
    expect(byModule.message).toContain('suite --resume does not import');
    expect(readFileSync(file, 'utf8')).toContain('planted');
    expect(() => readFileSync(marker)).toThrow();

    const taskModels = [{ model: 'openai:task', baseURL: server.url, maxRetries: 0 }];
    writeFileSync(file, JSON.stringify({ ...saved, config: { ...saved.config, taskModels } }));
    const byEndpoint = await refusal(() => runSuite(undefined, { dir, resume: true, environment }));
    expect(byEndpoint.message).toContain(`records the model endpoint "${server.url}"`);
    expect(byEndpoint.message).toContain('suite --resume does not send');
  });
});

describe('assertRecordedEndpointsGiven', () => {
  const check = {
    file: 'suite.json',
    environment: {},
    call: 'forge worker',
  };

  it('names pools, provider-setting hosts and headers that are not the harmless ones', () => {
    const recorded = {
      taskModels: [
        { model: 'openai:a', baseURLs: ['http://gpu-1:8000/v1/', 'http://gpu-2:8000/v1'] },
        { model: 'ollama:b', settings: { host: 'http://box:11434', headers: { 'X-Route': 'r1' } } },
      ],
      optimizerModels: [{ model: 'openai:c', settings: { headers: { 'X-Title': 'mine' } } }],
    };
    expect([...endpointsOf(recorded)]).toEqual([
      'http://gpu-1:8000/v1',
      'http://gpu-2:8000/v1',
      'http://box:11434',
      'header x-route: r1',
    ]);
    expect(() => assertRecordedEndpointsGiven({ ...check, recorded, used: recorded })).toThrow(
      'suite.json: records the model endpoints "http://gpu-1:8000/v1", "http://gpu-2:8000/v1", "http://box:11434", "header x-route: r1"; forge worker does not send',
    );
    // The pool in OPENAI_BASE_URL, the host given as a flag: only the header is left.
    expect(() =>
      assertRecordedEndpointsGiven({
        ...check,
        recorded,
        used: recorded,
        environment: { OPENAI_BASE_URL: 'http://gpu-1:8000/v1, http://gpu-2:8000/v1' },
        endpoints: ['http://box:11434/'],
      }),
    ).toThrow('records the model endpoint "header x-route: r1"');
    expect(() =>
      assertRecordedEndpointsGiven({ ...check, recorded, used: recorded, trust: true }),
    ).not.toThrow();
  });

  it('passes models without a server of their own (sim:, the provider default)', () => {
    const recorded = { taskModels: ['sim:task'], optimizerModels: [{ model: 'openai:x' }] };
    expect(() =>
      assertRecordedEndpointsGiven({ ...check, recorded, used: recorded }),
    ).not.toThrow();
  });
});
