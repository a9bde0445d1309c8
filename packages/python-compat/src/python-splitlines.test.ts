import { describe, expect, it } from 'vitest';
import { pythonSplitlines } from './python-splitlines.js';

describe('pythonSplitlines', () => {
  it('splits as str.splitlines() does', () => {
    // CPython 3.11 results.
    expect(pythonSplitlines('a\nb')).toEqual(['a', 'b']);
    expect(pythonSplitlines('a\r\nb\rc')).toEqual(['a', 'b', 'c']);
    expect(pythonSplitlines('a\n')).toEqual(['a']);
    expect(pythonSplitlines('a\n\n')).toEqual(['a', '']);
    expect(pythonSplitlines('')).toEqual([]);
    expect(pythonSplitlines('\n')).toEqual(['']);
    expect(
      pythonSplitlines('a\u000bb\fc\u001cd\u001de\u001ef\u001fg\u0085h\u2028i\u2029j'),
    ).toEqual(['a', 'b', 'c', 'd', 'e', 'f\u001fg', 'h', 'i', 'j']);
  });
});
