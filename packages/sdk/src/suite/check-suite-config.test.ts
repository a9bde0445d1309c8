import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import { readConfigFile } from '../config/load-config.js';
import { checkSuiteConfig } from './check-suite-config.js';
import { estimateSuite } from './estimate-suite.js';
import { findPortClashes, serviceAddress } from './suite-services.js';

const suites = fileURLToPath(new URL('../../../../examples/suites/', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'forge-check-suite-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

describe('checkSuiteConfig', () => {
  const shipped = readdirSync(suites).filter((name) => /\.(ya?ml|json)$/.test(name));

  it('finds the shipped suite configs', () => {
    expect(shipped).toEqual(expect.arrayContaining(['paper-main.yaml', 'paper-ablation.yaml']));
  });

  for (const name of shipped) {
    it(`passes ${name}: known models, benchmarks and methods, and no two services on one port`, async () => {
      vi.stubEnv('APPWORLD_SERVER_URLS', '');
      const raw = await readConfigFile(join(suites, name));
      await expect(checkSuiteConfig(raw)).resolves.toBeDefined();
    });
  }

  it("refuses a vLLM server on AppWorld's default port, naming the line and both services", async () => {
    vi.stubEnv('APPWORLD_SERVER_URLS', '');
    const file = join(root, 'clash.yaml');
    writeFileSync(
      file,
      [
        'benchmarks:',
        '  - aime',
        '  - appworld',
        'methods: [baseline, forge]',
        'taskModels:',
        '  - { model: openai:Qwen/Qwen3-8B, baseURL: http://localhost:8000/v1 }',
        'optimizerModels: [openai:gpt-5.5]',
        'budget: { maxEvaluations: 1000 }',
        '',
      ].join('\n'),
    );
    const raw = await readConfigFile(file);
    const error = await checkSuiteConfig(raw).catch((thrown: unknown) => thrown);
    expect(ConfigError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ file, line: 3, field: 'benchmarks.1' });
    expect((error as Error).message).toContain(
      "the task model openai:Qwen/Qwen3-8B (taskModels.0.baseURL: http://localhost:8000/v1) and appworld's server (benchmarks.1: http://127.0.0.1:8000) share localhost:8000",
    );
    // The same check runs before a suite (or its estimate) spends anything.
    await expect(
      estimateSuite(raw.value as never, { configFile: file, configLineOf: raw.lineOf }),
    ).rejects.toThrow(/line 3, field "benchmarks.1": .* share localhost:8000/);
    // Moved to their own ports, the two are fine.
    writeFileSync(
      file,
      raw.value === undefined
        ? ''
        : [
            'benchmarks:',
            '  - aime',
            '  - { id: appworld, benchmarkSettings: { servers: 4, basePort: 8100 } }',
            'methods: [baseline, forge]',
            'taskModels:',
            '  - { model: openai:Qwen/Qwen3-8B, baseURL: http://localhost:8000/v1 }',
            'optimizerModels: [openai:gpt-5.5]',
            'budget: { maxEvaluations: 1000 }',
            '',
          ].join('\n'),
    );
    await expect(checkSuiteConfig(await readConfigFile(file))).resolves.toBeDefined();
  });

  it('refuses an unknown provider, naming the field', async () => {
    const error = await checkSuiteConfig({
      file: '<options>',
      value: {
        benchmarks: ['sim'],
        methods: ['forge'],
        taskModels: ['nowhere:model'],
        optimizerModels: ['sim:optimizer'],
        budget: { maxEvaluations: 100 },
      },
    }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ field: 'taskModels.0' });
    expect((error as Error).message).toMatch(/unknown provider "nowhere"/);
  });
});

describe('findPortClashes', () => {
  const model = (url: string, name = 'the task model m') =>
    ({ url, name, field: 'taskModels.0.baseURL', kind: 'model' }) as const;
  const bench = (url: string) =>
    ({ url, name: "appworld's server", field: 'benchmarks.0', kind: 'benchmark' }) as const;

  it('folds loopback spellings into one address and tells ports and hosts apart', () => {
    expect(serviceAddress('http://127.0.0.1:8000')).toBe('localhost:8000');
    expect(serviceAddress('http://[::1]:8000/v1')).toBe('localhost:8000');
    expect(serviceAddress('https://api.example.com/v1')).toBe('api.example.com:443');
    expect(
      findPortClashes([model('http://localhost:8000/v1'), bench('http://127.0.0.1:8000')]),
    ).toHaveLength(1);
    expect(
      findPortClashes([model('http://localhost:8000/v1'), bench('http://127.0.0.1:8100')]),
    ).toEqual([]);
    expect(
      findPortClashes([model('http://gpu-1:8000/v1'), bench('http://127.0.0.1:8000')]),
    ).toEqual([]);
  });

  it('lets several models share a server (a router), but not a benchmark server', () => {
    expect(
      findPortClashes([
        model('http://localhost:4000/v1', 'the task model a'),
        model('http://localhost:4000/v1', 'the optimizer model b'),
      ]),
    ).toEqual([]);
  });
});
