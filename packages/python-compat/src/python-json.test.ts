import { describe, expect, it } from 'vitest';
import { parsePythonJson } from './python-json.js';

const accepts = (text: string) => parsePythonJson(text).ok;

describe('parsePythonJson', () => {
  it('accepts what json.loads accepts', () => {
    // Each of these parses in CPython 3.11.
    for (const text of [
      ' \t\n\r{"a": [1, -2.5e3, NaN, Infinity, -Infinity, null, true, false]} \n',
      '"\\u00e9\\ud83d\\ude00\\ud800 \\/ \\b\\f"',
      '0',
      '-0.0',
      '1E400',
      '[]',
      '{}',
      '"\u2028 raw line separator is fine"',
    ]) {
      expect(accepts(text), text).toBe(true);
    }
  });

  it('rejects what json.loads rejects', () => {
    // Each of these raises JSONDecodeError in CPython 3.11.
    for (const text of [
      '',
      '\ufeff{}',
      '\u00a0{}',
      '{}\u00a0',
      '{"a": 1,}',
      '[1,]',
      "{'a': 1}",
      '01',
      '.5',
      '1.',
      '+1',
      '-',
      '"raw \u0001 control"',
      '"bad \\x escape"',
      '"\\u12"',
      '{"a" 1}',
      '[1 2]',
      'nul',
      '１',
      '{"a": 1} {"b": 2}',
    ]) {
      expect(accepts(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('keeps the first position and the last value of a repeated key', () => {
    const parsed = parsePythonJson('{"k": 1, "j": 2, "k": 3}');
    expect(parsed.ok && parsed.value.type === 'dict' && [...parsed.value.entries]).toEqual([
      ['k', { type: 'int', value: 3n }],
      ['j', { type: 'int', value: 2n }],
    ]);
  });

  it('distinguishes integers from floats and keeps integer precision', () => {
    expect(parsePythonJson('1')).toEqual({ ok: true, value: { type: 'int', value: 1n } });
    expect(parsePythonJson('1.0')).toEqual({ ok: true, value: { type: 'float', value: 1 } });
    expect(parsePythonJson('9007199254740993')).toEqual({
      ok: true,
      value: { type: 'int', value: 9007199254740993n },
    });
  });

  it('refuses integers longer than Python converts and very deep nesting', () => {
    expect(accepts('1'.repeat(4300))).toBe(true);
    expect(accepts('1'.repeat(4301))).toBe(false);
    expect(accepts(`${'['.repeat(2000)}${']'.repeat(2000)}`)).toBe(false);
  });
});
