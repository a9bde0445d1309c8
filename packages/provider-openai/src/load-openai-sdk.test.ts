import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOpenAI } from './create-openai.js';
import {
  type OpenAITestServer,
  openAIChatCompletion,
  startOpenAITestServer,
} from './testing/openai-test-server.js';

// Counts how often the SDK module is evaluated: the factory runs when something imports it.
const sdk = vi.hoisted(() => ({ imports: 0 }));
vi.mock('openai', async (importOriginal) => {
  sdk.imports++;
  return importOriginal();
});

let server: OpenAITestServer;
beforeEach(async () => {
  server = await startOpenAITestServer();
});
afterEach(async () => {
  await server.close();
});

describe('loading the openai SDK', () => {
  it('happens at the first call, not when a provider or model is created', async () => {
    const model = createOpenAI({
      apiKey: ['test', 'key'].join('-'),
      baseURL: server.baseURL,
      environment: {},
    }).languageModel('gpt-test');
    expect(sdk.imports).toBe(0);
    server.enqueue(openAIChatCompletion({ text: 'first' }));
    server.enqueue(openAIChatCompletion({ text: 'second' }));
    expect((await model.generate({ messages: [{ role: 'user', content: 'a' }] })).text).toBe(
      'first',
    );
    expect((await model.generate({ messages: [{ role: 'user', content: 'b' }] })).text).toBe(
      'second',
    );
    expect(sdk.imports).toBe(1);
  });
});
