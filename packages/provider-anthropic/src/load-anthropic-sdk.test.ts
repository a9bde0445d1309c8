import type { LoopbackServer } from '@forge/provider/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnthropic } from './create-anthropic.js';
import { anthropicMessage, startAnthropicTestServer } from './testing/anthropic-test-server.js';

// Counts how often the SDK module is evaluated: the factory runs when something imports it.
const sdk = vi.hoisted(() => ({ imports: 0 }));
vi.mock('@anthropic-ai/sdk', async (importOriginal) => {
  sdk.imports++;
  return importOriginal();
});

let server: LoopbackServer;
beforeEach(async () => {
  server = await startAnthropicTestServer();
});
afterEach(async () => {
  await server.close();
});

describe('loading the Anthropic SDK', () => {
  it('happens at the first call, not when a provider or model is created', async () => {
    const model = createAnthropic({
      apiKey: ['test', 'key'].join('-'),
      baseURL: server.url,
      environment: {},
    }).languageModel('claude-test');
    expect(sdk.imports).toBe(0);
    server.enqueue(anthropicMessage({ text: 'first' }));
    server.enqueue(anthropicMessage({ text: 'second' }));
    expect((await model.generate({ messages: [{ role: 'user', content: 'a' }] })).text).toBe(
      'first',
    );
    expect((await model.generate({ messages: [{ role: 'user', content: 'b' }] })).text).toBe(
      'second',
    );
    expect(sdk.imports).toBe(1);
  });
});
