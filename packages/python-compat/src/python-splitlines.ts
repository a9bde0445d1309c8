// str.splitlines() breaks at these (CRLF counting as one break); VT, FF and the file, group and
// record separators are line boundaries in Python, so the control characters are intended.
// biome-ignore lint/suspicious/noControlCharactersInRegex: Python's line boundaries
const lineBreak = /\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]/g;

/** Python's `str.splitlines()`: no line terminators kept, no empty line after a final break. */
export function pythonSplitlines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(lineBreak);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
