import { describe, expect, it } from 'vitest';
import {
  isPythonWhitespace,
  pythonSplit,
  pythonStrip,
  pythonWhitespaceClass,
} from './python-string.js';

describe('Python string semantics', () => {
  it('splits on Python whitespace, not JavaScript whitespace', () => {
    expect(pythonSplit('  a\u00a0b\u001cc\u0085d \ufeffe  ')).toEqual([
      'a',
      'b',
      'c',
      'd',
      '\ufeffe',
    ]);
    expect(pythonSplit('')).toEqual([]);
  });

  it('strips Python whitespace only', () => {
    expect(pythonStrip('\u3000\u2028 x y \u001f')).toBe('x y');
    expect(pythonStrip('\ufeffx')).toBe('\ufeffx');
  });

  it('agrees with its regular-expression class', () => {
    const pattern = new RegExp(`^${pythonWhitespaceClass}$`, 'u');
    for (let code = 0; code < 0x3100; code++) {
      const character = String.fromCodePoint(code);
      expect(pattern.test(character), `U+${code.toString(16)}`).toBe(isPythonWhitespace(character));
    }
  });
});
