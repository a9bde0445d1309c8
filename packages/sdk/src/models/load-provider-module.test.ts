import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidArgumentError, ProviderRegistry } from '@forge/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerProviderModule } from './load-provider-module.js';

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'forge-provider-module-'));
  await writeFile(
    join(directory, 'factory.mjs'),
    `export default (modelId) => ({
      specificationVersion: 'v1', provider: 'mine', modelId,
      async generate() { return { text: 'from ' + modelId, toolCalls: [], finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 } }; },
    });\n`,
  );
  await writeFile(
    join(directory, 'object.mjs'),
    `export const provider = { specificationVersion: 'v1', provider: 'fixed', modelId: 'one',
      async generate() { return { text: 'fixed', toolCalls: [], finishReason: 'stop', usage: { inputTokens: 0, outputTokens: 0 } }; } };\n`,
  );
  await writeFile(join(directory, 'wrong.mjs'), 'export default 42;\n');
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('registerProviderModule', () => {
  it('registers a module whose default export is a factory', async () => {
    const registry = new ProviderRegistry();
    await registerProviderModule('mine', './factory.mjs', { registry, cwd: directory });
    const model = registry.languageModel('mine:small');
    expect((await model.generate({ messages: [] })).text).toBe('from small');
  });

  it('registers a module exporting a LanguageModel object', async () => {
    const registry = new ProviderRegistry();
    await registerProviderModule('fixed', join(directory, 'object.mjs'), { registry });
    expect((await registry.languageModel('fixed:anything').generate({ messages: [] })).text).toBe(
      'fixed',
    );
  });

  it('names the path when the module is missing or exports nothing usable', async () => {
    const registry = new ProviderRegistry();
    await expect(
      registerProviderModule('x', './missing.mjs', { registry, cwd: directory }),
    ).rejects.toThrow('provider module ./missing.mjs: could not be loaded');
    const wrong = registerProviderModule('x', './wrong.mjs', { registry, cwd: directory });
    await expect(wrong).rejects.toThrow(InvalidArgumentError);
    await expect(wrong).rejects.toThrow('./wrong.mjs');
  });
});
