import { describe, expect, it } from 'vitest';
import { MockLanguageModel } from '../testing/mock-language-model.js';
import { withRequestDefaults } from './with-request-defaults.js';

describe('withRequestDefaults', () => {
  it('fills unset fields and merges provider options per provider, the request winning', async () => {
    const model = new MockLanguageModel({ responses: () => 'ok' });
    const defaulted = withRequestDefaults(model, {
      maxOutputTokens: 8192,
      temperature: 0,
      providerOptions: {
        openai: { extraBody: { chat_template_kwargs: { enable_thinking: false } }, seed: 1 },
      },
    });
    await defaulted.generate({ messages: [] });
    await defaulted.generate({
      messages: [],
      maxOutputTokens: 100,
      temperature: 0.7,
      providerOptions: { openai: { seed: 2 }, ollama: { think: false } },
    });
    expect(model.requests[0]).toMatchObject({
      maxOutputTokens: 8192,
      temperature: 0,
      providerOptions: {
        openai: { seed: 1, extraBody: { chat_template_kwargs: { enable_thinking: false } } },
      },
    });
    expect(model.requests[1]).toMatchObject({
      maxOutputTokens: 100,
      temperature: 0.7,
      providerOptions: {
        openai: { seed: 2, extraBody: { chat_template_kwargs: { enable_thinking: false } } },
        ollama: { think: false },
      },
    });
  });
});
