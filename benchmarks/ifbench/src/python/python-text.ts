import { isPythonWhitespace, pythonSplit, pythonStrip } from '@forge/python-compat';

export { isPythonWhitespace, pythonSplit, pythonStrip };

/** Python's `string.punctuation`: the 32 ASCII punctuation characters. */
export const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/** Python's `string.digits`. */
export const DIGITS = '0123456789';

const punctuationSet = new Set(PUNCTUATION);

/** Splits a string into code points, the unit Python's `len()` and indexing use. */
export function codePoints(text: string): string[] {
  return Array.from(text);
}

/** Python's `len(text)`: the number of code points. */
export function pythonLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/** `text.translate(str.maketrans('', '', string.punctuation))`: deletes ASCII punctuation. */
export function removePunctuation(text: string): string {
  let result = '';
  for (const character of text) if (!punctuationSet.has(character)) result += character;
  return result;
}

/** Python's `text.strip(characters)`. */
export function stripCharacters(text: string, characters: string): string {
  return rstripCharacters(lstripCharacters(text, characters), characters);
}

/** Python's `text.lstrip(characters)`. */
export function lstripCharacters(text: string, characters: string): string {
  const set = new Set(characters);
  const points = codePoints(text);
  let start = 0;
  while (start < points.length && set.has(points[start] as string)) start++;
  return points.slice(start).join('');
}

/** Python's `text.rstrip(characters)`. */
export function rstripCharacters(text: string, characters: string): string {
  const set = new Set(characters);
  const points = codePoints(text);
  let end = points.length;
  while (end > 0 && set.has(points[end - 1] as string)) end--;
  return points.slice(0, end).join('');
}

/** `text.strip(string.punctuation + ' ')`, the reference's most common clean-up. */
export function stripPunctuationAndSpace(text: string): string {
  return stripCharacters(text, `${PUNCTUATION} `);
}

/** Python's `text.count(sub)`: non-overlapping occurrences; an empty `sub` counts len + 1. */
export function pythonCount(text: string, sub: string): number {
  if (sub === '') return pythonLength(text) + 1;
  let count = 0;
  let index = text.indexOf(sub);
  while (index !== -1) {
    count++;
    index = text.indexOf(sub, index + sub.length);
  }
  return count;
}

// Characters whose Numeric_Type is Digit but not Decimal (superscripts, circled digits, …):
// str.isdigit() accepts them on top of \p{Nd}. Generated from CPython 3.11's unicodedata.
const nonDecimalDigits =
  /[\u00b2\u00b3\u00b9\u1369-\u1371\u19da\u2070\u2074-\u2079\u2080-\u2089\u2460-\u2468\u2474-\u247c\u2488-\u2490\u24ea\u24f5-\u24fd\u24ff\u2776-\u277e\u2780-\u2788\u278a-\u2792\u{10a40}-\u{10a43}\u{10e60}-\u{10e68}\u{11052}-\u{1105a}\u{1f100}-\u{1f10a}]/u;

/** Python's `str.isdigit()`: non-empty and every character a digit. */
export function isPythonDigit(text: string): boolean {
  if (text === '') return false;
  for (const character of text) {
    if (!/\p{Nd}/u.test(character) && !nonDecimalDigits.test(character)) return false;
  }
  return true;
}

const uppercase = /[\p{Uppercase}\p{Lt}]/u;
const lowercase = /\p{Lowercase}/u;

/** Python's `str.islower()`: at least one cased character and no upper- or title-case one. */
export function isPythonLower(text: string): boolean {
  let cased = false;
  for (const character of text) {
    if (uppercase.test(character)) return false;
    if (lowercase.test(character)) cased = true;
  }
  return cased;
}

/** Python's `str.isupper()`: at least one cased character and no lower- or title-case one. */
export function isPythonUpper(text: string): boolean {
  let cased = false;
  for (const character of text) {
    if (lowercase.test(character) || /\p{Lt}/u.test(character)) return false;
    if (/\p{Uppercase}/u.test(character)) cased = true;
  }
  return cased;
}

/** Python's `str.isspace()` for a whole string. */
export function isPythonSpace(text: string): boolean {
  if (text === '') return false;
  for (const character of text) if (!isPythonWhitespace(character)) return false;
  return true;
}

/** `unicodedata.normalize('NFKD', text).encode('ASCII', 'ignore').decode('ASCII')`. */
export function foldToAscii(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
  return text.normalize('NFKD').replace(/[^\u0000-\u007f]/g, '');
}

/** Python's `\w` on str patterns: letters, numbers and the underscore (marks are not words). */
export const WORD_CHARACTER = '[\\p{L}\\p{N}_]';

/** `len(re.findall(r"\w+", text))`, the reference's `count_words`. */
export function countWords(text: string): number {
  return findWords(text).length;
}

/** `re.findall(r"\w+", text)`. */
export function findWords(text: string): string[] {
  return text.match(new RegExp(`${WORD_CHARACTER}+`, 'gu')) ?? [];
}

/** `re.findall(r"\d+", text)` with Python's Unicode `\d`. */
export function findDigitRuns(text: string): string[] {
  return text.match(/\p{Nd}+/gu) ?? [];
}
