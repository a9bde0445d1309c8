import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.js';
import { forgeConfigJsonSchema } from './forge-config-schema.js';
import { findConfigFile, parseForgeConfig, readConfigFile } from './load-config.js';

const directory = mkdtempSync(join(tmpdir(), 'forge-config-'));
const write = (name: string, text: string) => {
  const file = join(directory, name);
  writeFileSync(file, text);
  return file;
};

async function load(file: string) {
  return parseForgeConfig(await readConfigFile(file));
}

async function failure(promise: Promise<unknown>): Promise<ConfigError> {
  try {
    await promise;
  } catch (error) {
    if (ConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('config files', () => {
  it('refuses an alias bomb with exit-2 ConfigError naming the file and the line of the first alias', async () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let level = 1; level < 9; level++) {
      const previous = String.fromCharCode(96 + level);
      const name = String.fromCharCode(97 + level);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`);
    }
    const file = write('bomb.yaml', `benchmark: sim\n${levels.join('\n')}\n`);
    let caught: unknown;
    try {
      await readConfigFile(file);
    } catch (error) {
      caught = error;
    }
    expect(ConfigError.isInstance(caught)).toBe(true);
    expect((caught as ConfigError).message).toContain(file);
    expect((caught as ConfigError).message).toContain('line 3');
    expect((caught as ConfigError).message).toContain('aliases expand too far');
  });

  it('reads JSON and YAML and applies defaults', async () => {
    const json = write(
      'a.json',
      JSON.stringify({
        benchmark: 'sim',
        taskModel: 'sim:task',
        optimizerModel: 'sim:optimizer',
        budget: { maxEvaluations: 300 },
      }),
    );
    const yaml = write(
      'a.yaml',
      'benchmark: sim\ntaskModel: sim:task\noptimizerModel:\n  model: sim:optimizer\n  concurrency: 4\nbudget:\n  maxEvaluations: 300\n',
    );
    const fromJson = await load(json);
    expect(fromJson).toMatchObject({ method: 'forge', seed: 0, minibatchSize: 3, cache: true });
    expect((await load(yaml)).optimizerModel).toEqual({ model: 'sim:optimizer', concurrency: 4 });
  });

  it('reads a TypeScript config module', async () => {
    const file = write(
      'forge.config.ts',
      "const config: { benchmark: string; taskModel: string; optimizerModel: string; budget: { maxEvaluations: number } } = { benchmark: 'sim', taskModel: 'sim:task', optimizerModel: 'sim:optimizer', budget: { maxEvaluations: 99 } };\nexport default config;\n",
    );
    expect((await load(file)).budget.maxEvaluations).toBe(99);
    expect(findConfigFile(directory)).toBe(file);
  });

  it('names file, line and field of a wrong value in YAML', async () => {
    const file = write(
      'bad.yaml',
      'benchmark: sim\ntaskModel: sim:task\noptimizerModel: sim:optimizer\nbudget:\n  maxEvaluations: lots\n',
    );
    const error = await failure(load(file));
    expect([error.file, error.line, error.field]).toEqual([file, 5, 'budget.maxEvaluations']);
    expect(error.message).toContain(`${file}, line 5, field "budget.maxEvaluations"`);
  });

  it('names the line and field of an unknown key in JSON', async () => {
    const file = write(
      'unknown.json',
      '{\n  "benchmark": "sim",\n  "taskModel": "sim:task",\n  "optimizerModel": "sim:optimizer",\n  "budget": { "maxEvaluations": 10 },\n  "sead": 3\n}\n',
    );
    const error = await failure(load(file));
    expect([error.line, error.field]).toEqual([6, 'sead']);
  });

  it('reads a pool of servers (baseURLs, endpointConcurrency) and names the line of a bad one', async () => {
    const good = write(
      'pool.yaml',
      'benchmark: sim\ntaskModel:\n  model: openai:Qwen/Qwen3-8B\n  baseURLs: [http://gpu-1:8000/v1, http://gpu-2:8000/v1]\n  endpointConcurrency: 16\noptimizerModel: sim:optimizer\nbudget: { maxEvaluations: 10 }\n',
    );
    expect((await load(good)).taskModel).toEqual({
      model: 'openai:Qwen/Qwen3-8B',
      baseURLs: ['http://gpu-1:8000/v1', 'http://gpu-2:8000/v1'],
      endpointConcurrency: 16,
    });
    const badURL = write(
      'pool-bad.yaml',
      'benchmark: sim\ntaskModel:\n  model: openai:Qwen/Qwen3-8B\n  baseURLs:\n    - http://gpu-1:8000/v1\n    - gpu-2:8000\noptimizerModel: sim:optimizer\nbudget: { maxEvaluations: 10 }\n',
    );
    const error = await failure(load(badURL));
    expect([error.line, error.field]).toEqual([6, 'taskModel.baseURLs.1']);
    const both = write(
      'pool-both.yaml',
      'benchmark: sim\ntaskModel:\n  model: openai:task\n  baseURL: http://a/v1\n  baseURLs: [http://b/v1]\noptimizerModel: sim:optimizer\nbudget: { maxEvaluations: 10 }\n',
    );
    const bothError = await failure(load(both));
    expect([bothError.line, bothError.field]).toEqual([5, 'taskModel.baseURLs']);
    expect(bothError.message).toContain('give baseURL (one server) or baseURLs (a pool), not both');
    const anthropic = write(
      'pool-anthropic.yaml',
      'benchmark: sim\ntaskModel: sim:task\noptimizerModel:\n  model: anthropic:claude-sonnet-4-6\n  endpointConcurrency: 4\nbudget: { maxEvaluations: 10 }\n',
    );
    const anthropicError = await failure(load(anthropic));
    expect([anthropicError.line, anthropicError.field]).toEqual([
      5,
      'optimizerModel.endpointConcurrency',
    ]);
    expect(anthropicError.message).toContain('endpoint pools are for OpenAI-compatible servers');
  });

  it('reports a missing required field', async () => {
    const file = write(
      'missing.yaml',
      'benchmark: sim\ntaskModel: sim:task\nbudget:\n  maxEvaluations: 10\n',
    );
    const error = await failure(load(file));
    expect(error.field).toBe('optimizerModel');
    expect(error.message).toContain('required field is missing');
  });

  it('names the line of a syntax error', async () => {
    const json = write('syntax.json', '{\n  "benchmark": "sim",\n  "seed": 1,,\n}\n');
    expect((await failure(readConfigFile(json))).line).toBe(3);
    const yaml = write('syntax.yaml', 'benchmark: sim\nbudget: [\n');
    expect((await failure(readConfigFile(yaml))).message).toContain('invalid YAML');
  });

  it('rejects unknown formats and missing files', async () => {
    expect((await failure(readConfigFile(write('x.toml', 'a = 1')))).message).toContain(
      'unknown config format',
    );
    expect((await failure(readConfigFile(join(directory, 'none.json')))).message).toContain(
      'file not found',
    );
  });
});

describe('forge.config.schema.json', () => {
  it('is in sync with the zod schema (regenerate with `pnpm --filter @forge/sdk schema`)', () => {
    const committed = JSON.parse(
      readFileSync(new URL('../../forge.config.schema.json', import.meta.url), 'utf8'),
    );
    expect(committed).toEqual(forgeConfigJsonSchema());
  });
});
