import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from './scripted-language-model.js';

describe('scriptedLanguageModel', () => {
  it('bills the whole prompt as a provider does: the system prompt and every turn', async () => {
    const model = scriptedLanguageModel({}, 'task', [], () => ({
      user: 'hi',
      text: 'x'.repeat(8),
    }));
    const result = await model.generate({
      system: 's'.repeat(400),
      messages: [{ role: 'user', content: 'u'.repeat(32) }],
      maxOutputTokens: 500,
    });
    // 400 + 32 + 8 characters, four a token; the output limit is not billed.
    expect(result.usage).toEqual({ inputTokens: 110, outputTokens: 2 });
  });
});
