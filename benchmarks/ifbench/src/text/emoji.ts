import { emojiCodePointRanges } from './emoji-data.js';

/**
 * `emoji.is_emoji(character)` of the Python `emoji` package 2.14.1 for one code point: true when
 * the character alone is a key of its EMOJI_DATA (fully-qualified, unqualified or component).
 * The reference only ever asks about one code point; longer strings give false.
 */
export function isEmojiCodePoint(character: string): boolean {
  const codePoint = character.codePointAt(0);
  if (codePoint === undefined || character.length > (codePoint > 0xffff ? 2 : 1)) return false;
  let low = 0;
  let high = emojiCodePointRanges.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const start = emojiCodePointRanges[middle * 2] as number;
    const end = emojiCodePointRanges[middle * 2 + 1] as number;
    if (codePoint < start) high = middle - 1;
    else if (codePoint > end) low = middle + 1;
    else return true;
  }
  return false;
}
