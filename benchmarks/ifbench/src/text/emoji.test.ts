import { describe, expect, it } from 'vitest';
import { isEmojiCodePoint } from './emoji.js';

// Expected values of emoji.is_emoji under the Python emoji package 2.14.1.
describe('isEmojiCodePoint', () => {
  it('accepts single-code-point emoji, text-style ones and components', () => {
    for (const character of ['😀', '🎉', '☺', '©', '❤', '🏻', '🫩']) {
      expect(isEmojiCodePoint(character)).toBe(true);
    }
  });

  it('rejects keycap bases, regional indicators, letters, and anything longer than one code point', () => {
    for (const character of ['1', '#', '🇫', 'a', '', '❤️', '👍🏽']) {
      expect(isEmojiCodePoint(character)).toBe(false);
    }
  });
});
