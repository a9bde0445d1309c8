import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import { readConfigFile } from '../config/load-config.js';
import { parseSuiteConfig } from './load-suite-config.js';
import { suiteConfigJsonSchema } from './suite-config-schema.js';
import { suiteDigest } from './suite-spec-of.js';

const directory = mkdtempSync(join(tmpdir(), 'forge-suite-config-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const lines = [
  'benchmarks:',
  '  - sim',
  '  - { id: aime, dataDir: data/aime }',
  'methods: [baseline, forge]',
  'taskModels:',
  '  - sim:task',
  'optimizerModels: [sim:optimizer]',
  'budget: { maxEvaluations: 3000 }',
];

async function parseYaml(text: string) {
  const file = join(directory, `suite-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, text);
  const raw = await readConfigFile(file);
  try {
    return parseSuiteConfig(raw);
  } catch (error) {
    if (ConfigError.isInstance(error)) return error;
    throw error;
  }
}

describe('parseSuiteConfig', () => {
  it('applies the defaults of B.4: seed 0, Forge as reference to completion, Baseline as control', async () => {
    const config = await parseYaml(`${lines.join('\n')}\n`);
    expect(config).toMatchObject({
      seeds: [0],
      budget: { maxEvaluations: 3000, stopAtCompletion: true },
      alignment: { reference: 'forge', controls: ['baseline'] },
      evaluateTest: true,
    });
  });

  it.each([
    [[...lines, 'seeds: [0, one]'], 9, 'seeds.1'],
    [[...lines, 'colour: red'], 9, 'colour'],
    [lines.map((line) => line.replace('3000', '0')), 8, 'budget.maxEvaluations'],
    [lines.map((line) => line.replace('  - sim', '  - simm')), 2, 'benchmarks.0'],
    [lines.map((line) => line.replace('id: aime', 'id: nope')), 3, 'benchmarks.1.id'],
    [
      [...lines.slice(0, 6), '  - { model: sim:task, concurrency: 2 }', ...lines.slice(6)],
      7,
      'taskModels.1',
    ],
    [[...lines, 'transfer: { methods: [gepa-nope] }'], 9, 'transfer.methods.0'],
  ])('names file, line and field: %j', async (text, line, field) => {
    const error = await parseYaml(`${text.join('\n')}\n`);
    expect(ConfigError.isInstance(error), String(error)).toBe(true);
    expect(error).toMatchObject({ line, field });
    expect((error as ConfigError).file).toMatch(/suite-.*\.yaml$/);
  });

  it('digests what decides results, not how fast they are computed', async () => {
    const base = (await parseYaml(`${lines.join('\n')}\n`)) as ReturnType<typeof parseSuiteConfig>;
    const faster = {
      ...base,
      name: 'other name',
      concurrency: 64,
      taskModels: [{ model: 'sim:task', concurrency: 16, requestsPerMinute: 100 }],
    };
    expect(suiteDigest(faster)).toBe(suiteDigest(base));
    expect(suiteDigest({ ...base, seeds: [1] })).not.toBe(suiteDigest(base));
    expect(
      suiteDigest({ ...base, taskModels: [{ model: 'sim:task', temperature: 0.7 }] }),
    ).not.toBe(suiteDigest(base));
  });
});

describe('forge.suite.schema.json', () => {
  it('is in sync with the zod schema (regenerate with `pnpm --filter @forge/sdk schema`)', () => {
    const committed = JSON.parse(
      readFileSync(new URL('../../forge.suite.schema.json', import.meta.url), 'utf8'),
    );
    expect(committed).toEqual(suiteConfigJsonSchema());
  });
});
