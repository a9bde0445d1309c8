import { describe, expect, it } from 'vitest';
import { JsonShapeScanner } from './json-shape-scanner.js';

function scan(text: string, limits = { maxDepth: 3, maxStringLength: 4 }, chunk = 1) {
  const scanner = new JsonShapeScanner(limits);
  const bytes = Buffer.from(text);
  // Fed in small pieces: a multi-byte character, an escape or a key may span two chunks.
  for (let start = 0; start < bytes.length; start += chunk) {
    const problem = scanner.scan(bytes.subarray(start, start + chunk));
    if (problem !== undefined) return problem;
  }
  return undefined;
}

describe('JsonShapeScanner', () => {
  it('names the key and index path of the first string over the limit', () => {
    expect(scan('{"a":"1234","b":[{"c":"ok"},{"c":"12345"}]}')).toEqual({
      kind: 'too-long',
      path: ['b', '1', 'c'],
    });
    expect(scan('"12345"')).toEqual({ kind: 'too-long', path: [] });
    expect(scan('{"a":"1234","b":1}')).toBeUndefined();
    expect(scan('{"a":{"long key":1}}')).toEqual({ kind: 'too-long', path: ['a'] });
  });

  it('counts characters in UTF-16 units, escapes as the character they stand for', () => {
    expect(scan('["éééé"]')).toBeUndefined();
    expect(scan('["ééééé"]')).toMatchObject({ kind: 'too-long' });
    expect(scan('["\\u00e9\\n\\"\\\\"]')).toBeUndefined();
    expect(scan('["\\u00e9\\n\\"\\\\x"]')).toMatchObject({ kind: 'too-long' });
    // An astral character is two units, as in JavaScript.
    expect(scan('["😀😀"]')).toBeUndefined();
    expect(scan('["😀😀x"]')).toMatchObject({ kind: 'too-long' });
    for (const chunk of [1, 2, 3, 7])
      expect(scan('{"k":"é😀\\u00e9x"}', undefined, chunk)).toMatchObject({ path: ['k'] });
  });

  it('stops at the first container past the depth limit, not counting brackets in strings', () => {
    expect(scan('[[[]]]')).toBeUndefined();
    expect(scan('[[[[]]]]')).toEqual({ kind: 'too-deep', path: ['0', '0', '0'] });
    expect(scan('[[["[[[["]]]')).toBeUndefined();
    expect(scan('{"a":{"b":{"c":{}}}}')).toEqual({ kind: 'too-deep', path: ['a', 'b', 'c'] });
  });
});
