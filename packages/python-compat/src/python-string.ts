// The characters Python's str.isspace() accepts (generated from CPython 3.11), which is what
// str.split() with no argument and str.strip() with no argument use. JavaScript's \s differs
// (it includes U+FEFF and excludes U+001C–U+001F and U+0085).
const whitespace = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001,
  0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f,
  0x205f, 0x3000,
]);

/** Python's `str.isspace()` for one character. */
export function isPythonWhitespace(character: string): boolean {
  return character.length > 0 && whitespace.has(character.codePointAt(0) as number);
}

/** Python's `str.split()` with no separator: runs of whitespace separate; no empty strings. */
export function pythonSplit(text: string): string[] {
  const words: string[] = [];
  let current = '';
  for (const character of text) {
    if (isPythonWhitespace(character)) {
      if (current !== '') words.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  if (current !== '') words.push(current);
  return words;
}

/** Python's `str.strip()` with no argument. */
export function pythonStrip(text: string): string {
  const characters = Array.from(text);
  let start = 0;
  let end = characters.length;
  while (start < end && isPythonWhitespace(characters[start] as string)) start++;
  while (end > start && isPythonWhitespace(characters[end - 1] as string)) end--;
  return characters.slice(start, end).join('');
}

/** A regular-expression character class matching exactly Python's whitespace. */
export const pythonWhitespaceClass =
  '[\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
