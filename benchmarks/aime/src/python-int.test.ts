import { describe, expect, it } from 'vitest';
import { parsePythonInt, parseStrippedPythonInt } from './python-int.js';

// [text, str(int(text)) or null when it raises, str(int(text.strip())) or null], printed by
// CPython 3.11.
const vectors: readonly (readonly [string, string | null, string | null])[] = [
  ['204', '204', '204'],
  [' 204 ', '204', '204'],
  ['\t204\n', '204', '204'],
  ['+204', '204', '204'],
  ['-204', '-204', '-204'],
  ['2_04', '204', '204'],
  ['2__04', null, null],
  ['_204', null, null],
  ['204_', null, null],
  ['0204', '204', '204'],
  ['00', '0', '0'],
  ['0_0', '0', '0'],
  ['204.0', null, null],
  ['1e2', null, null],
  ['0x10', null, null],
  ['204,', null, null],
  ['2 04', null, null],
  ['', null, null],
  ['   ', null, null],
  ['- 5', null, null],
  ['+-5', null, null],
  ['\u00a0204\u3000', '204', '204'],
  ['\u0085204', '204', '204'],
  ['\u001c204', null, '204'],
  ['\ufeff204', null, null],
  ['\u200b204', null, null],
  ['\uff12\uff10\uff14', '204', '204'],
  ['\u0662\u0660\u0664', '204', '204'],
  ['1\u0662_3', '123', '123'],
  ['\ud835\udfd8\ud835\udfd9', '1', '1'],
  ['\ud835\udfe1', '9', '9'],
  ['\u00b2', null, null],
  ['\u2460', null, null],
  ['\u216b', null, null],
  ['+_1', null, null],
  ['-0', '0', '0'],
  ['5\u0000', null, null],
  ['42\n\n', '42', '42'],
  ['**42**', null, null],
  ['\\boxed{42}', null, null],
  ['0b1', null, null],
  ['1 000', null, null],
  ['Answer: 42', null, null],
  [
    '123456789012345678901234567890',
    '123456789012345678901234567890',
    '123456789012345678901234567890',
  ],
];

function show(result: ReturnType<typeof parsePythonInt>): string | null {
  return result.ok ? result.value.toString() : null;
}

describe('parsePythonInt', () => {
  it.each(vectors)('int(%j) as CPython', (text, expected) => {
    expect(show(parsePythonInt(text))).toBe(expected);
  });

  it('enforces the 4,300-digit limit on digits, not on signs or underscores', () => {
    expect(parsePythonInt('9'.repeat(4300)).ok).toBe(true);
    expect(parsePythonInt(`-${'1'.repeat(4300)}`).ok).toBe(true);
    expect(parsePythonInt(`${'1_'.repeat(4299)}1`).ok).toBe(true);
    expect(parsePythonInt('0'.repeat(4301))).toEqual({
      ok: false,
      reason: 'it has more than 4300 digits',
    });
  });

  it('explains why a literal is rejected', () => {
    expect(parsePythonInt('2__04')).toMatchObject({
      reason: expect.stringContaining('underscores'),
    });
    expect(parsePythonInt('204.0')).toMatchObject({ reason: 'it is not a whole number' });
    expect(parsePythonInt('x')).toMatchObject({ reason: expect.stringContaining('characters') });
  });
});

describe('parseStrippedPythonInt', () => {
  it.each(vectors)('int(%j.strip()) as CPython', (text, _raw, expected) => {
    expect(show(parseStrippedPythonInt(text))).toBe(expected);
  });
});
