import { describe, expect, it } from 'vitest';
import { promptTokens } from './prompt-tokens.js';

describe('promptTokens', () => {
  it('counts the system prompt and the messages, not the output limit', () => {
    const request = {
      system: 'x'.repeat(40),
      messages: [{ role: 'user' as const, content: 'y'.repeat(32) }],
      maxOutputTokens: 1_000,
    };
    // 40 + 32 + 8 characters of framing for the message, four a token.
    expect(promptTokens(request)).toBe(20);
  });
});
