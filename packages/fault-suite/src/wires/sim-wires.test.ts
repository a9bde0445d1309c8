import { createAnthropic } from '@forge/provider-anthropic';
import { createOllama } from '@forge/provider-ollama';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimWireServer, startSimWireServer } from './start-sim-wire-server.js';

const apiKey = ['sk', 'ant', 'simulated', 'key'].join('-');
let anthropic: SimWireServer;
let ollama: SimWireServer;
beforeAll(async () => {
  anthropic = await startSimWireServer('anthropic', { malformedRate: 0 });
  ollama = await startSimWireServer('ollama', { malformedRate: 0 });
});
afterAll(async () => {
  await anthropic.close();
  await ollama.close();
});

const request = {
  system: 'Read the date.',
  messages: [{ role: 'user' as const, content: 'Born 03.04.2021.' }],
  maxOutputTokens: 256,
};

describe('the simulated models over the Anthropic and Ollama wires', () => {
  it('answer through the real adapters as the simulated task model does', async () => {
    const viaAnthropic = await createAnthropic({ apiKey, baseURL: anthropic.root, environment: {} })
      .languageModel('task')
      .generate(request);
    const viaOllama = await createOllama({ host: ollama.root, environment: {} })
      .languageModel('task')
      .generate(request);
    expect(viaAnthropic.text).toBe(viaOllama.text);
    expect(viaAnthropic.text.length).toBeGreaterThan(0);
    expect(viaAnthropic.usage.outputTokens).toBeGreaterThan(0);
  });

  it('refuse malformed requests and unknown models in each wire’s shape', async () => {
    const bad = await fetch(`${anthropic.root}/v1/messages`, { method: 'POST', body: '{}' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error' },
    });
    const missing = await fetch(`${ollama.root}/api/chat`, {
      method: 'POST',
      body: JSON.stringify({ model: 'gpt-5.5', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "model 'gpt-5.5' not found" });
  });
});
