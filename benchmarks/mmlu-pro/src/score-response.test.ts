import { describe, expect, it } from 'vitest';
import { scoreResponse } from './score-response.js';

describe('scoreResponse', () => {
  it('scores the extracted letter against the gold letter', () => {
    expect(scoreResponse('Reasoning... The answer is (F).', 'F')).toBe(1);
    expect(scoreResponse('Reasoning... The answer is (C).', 'F')).toBe(0);
  });

  it('counts the pronoun I as a standalone letter, as rule 3 does', () => {
    expect(scoreResponse('I am not sure which option fits.', 'I')).toBe(1);
  });

  it('gives no credit when no letter can be extracted', () => {
    expect(scoreResponse('no idea', 'A')).toBe(0);
    expect(scoreResponse('', 'A')).toBe(0);
  });

  it('is case-sensitive about the letter, as the reference is', () => {
    expect(scoreResponse('The answer is (c)', 'C')).toBe(0);
  });
});
