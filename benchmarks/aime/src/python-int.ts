import { pythonStrip } from '@forge/python-compat';

/** Outcome of `parsePythonInt`. */
export type PythonIntResult =
  | {
      /** The text is a valid Python integer literal for `int(text)`. */
      readonly ok: true;
      /** Its value. */
      readonly value: bigint;
    }
  | {
      /** `int(text)` would raise `ValueError`. */
      readonly ok: false;
      /** Why, in words a reader of feedback understands. */
      readonly reason: string;
    };

// CPython's default `sys.get_int_max_str_digits()`: longer decimal strings raise ValueError.
const maximumDigits = 4300;

// int() accepts its own whitespace around the literal: every str.isspace() character except
// U+001C–U+001F, which CPython passes through unchanged and then rejects (verified on 3.11).
const intWhitespace = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
  0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

const literal = /^([+-]?)(\p{Nd}+(?:_\p{Nd}+)*)$/u;
const decimalDigit = /^\p{Nd}$/u;

/**
 * Python's `int(text)` in base 10: surrounding whitespace, an optional sign, decimal digits of
 * any script (Unicode category Nd), single underscores between digits, leading zeros, and at
 * most 4,300 digits. Anything else is rejected, as `int()` would raise `ValueError`.
 */
export function parsePythonInt(text: string): PythonIntResult {
  const characters = Array.from(text);
  let start = 0;
  let end = characters.length;
  while (start < end && isIntWhitespace(characters[start] as string)) start++;
  while (end > start && isIntWhitespace(characters[end - 1] as string)) end--;
  const body = characters.slice(start, end).join('');
  if (body === '') return { ok: false, reason: 'it is empty' };
  const match = literal.exec(body);
  if (!match) return { ok: false, reason: describeInvalid(body) };
  const digits = Array.from((match[2] as string).replaceAll('_', ''));
  if (digits.length > maximumDigits) {
    return { ok: false, reason: `it has more than ${maximumDigits} digits` };
  }
  let value = 0n;
  for (const digit of digits) value = value * 10n + BigInt(digitValue(digit));
  return { ok: true, value: match[1] === '-' ? -value : value };
}

/**
 * `int(text.strip())`: the prediction is stripped of Python whitespace first (SPEC §11), then
 * parsed with `parsePythonInt`.
 */
export function parseStrippedPythonInt(text: string): PythonIntResult {
  return parsePythonInt(pythonStrip(text));
}

function isIntWhitespace(character: string): boolean {
  return intWhitespace.has(character.codePointAt(0) as number);
}

// Unicode allocates every run of Nd digits as 0–9 in order, so a digit's value is its distance
// from the start of its run, modulo 10 (runs may be adjacent, e.g. the mathematical digits).
function digitValue(digit: string): number {
  let codePoint = digit.codePointAt(0) as number;
  let offset = 0;
  while (decimalDigit.test(String.fromCodePoint(codePoint - 1))) {
    codePoint--;
    offset++;
  }
  return offset % 10;
}

function describeInvalid(body: string): string {
  if (/_(?:_|$)|^[+-]?_/u.test(body)) return 'underscores may only separate single digits';
  if (/^[+-]?\p{Nd}+(?:_\p{Nd}+)*[.,eE]/u.test(body)) return 'it is not a whole number';
  return 'it contains characters other than an optional sign and digits';
}
