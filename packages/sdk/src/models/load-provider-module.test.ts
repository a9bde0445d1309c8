import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APICallError, InvalidArgumentError, ProviderRegistry, withRetry } from '@forge/provider';
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
  // Fails its first call with a connection reset, then with a plain Error, then answers.
  await writeFile(
    join(directory, 'flaky.mjs'),
    `let calls = 0;
    export default (modelId) => ({
      specificationVersion: 'v1', provider: 'flaky', modelId,
      async generate() {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
        if (calls === 2) throw new Error('upstream rejected the prompt');
        return { text: 'ok', toolCalls: [], finishReason: 'stop', usage: { inputTokens: 0, outputTokens: 0 } };
      },
    });\n`,
  );
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

  it("reports a module's plain errors as that provider's failure and retries network-shaped ones", async () => {
    const registry = new ProviderRegistry();
    await registerProviderModule('flaky', './flaky.mjs', { registry, cwd: directory });
    const model = withRetry(registry.languageModel('flaky:m'), { initialDelayMs: 1 });
    const error = await model.generate({ messages: [] }).catch((caught: unknown) => caught);
    // Attempt 1 (ECONNRESET) was retried; attempt 2's plain Error ended retrying.
    expect(APICallError.isInstance((error as { lastError?: unknown }).lastError)).toBe(true);
    const last = (error as { lastError: APICallError }).lastError;
    expect(last.kind).toBe('provider');
    expect(last.message).toBe(
      'flaky:m: provider module ./flaky.mjs failed: upstream rejected the prompt',
    );
    expect((error as { attempts: number }).attempts).toBe(2);
    expect((await model.generate({ messages: [] })).text).toBe('ok');
  });
});
