import { describe, expect, it } from 'vitest';
import { extractJsonObject } from './extract-json-object.js';

describe('extractJsonObject', () => {
  it('reads a bare object, a fenced one, or one inside prose', () => {
    expect(extractJsonObject(' {"a": 1} ')).toEqual({ ok: true, value: { a: 1 } });
    expect(extractJsonObject('Here:\n```json\n{"a": 2}\n```\nDone.')).toEqual({
      ok: true,
      value: { a: 2 },
    });
    expect(extractJsonObject('I think {"a": {"b": "}"}} is right')).toEqual({
      ok: true,
      value: { a: { b: '}' } },
    });
  });

  it('skips a broken candidate and takes the next one that parses', () => {
    expect(extractJsonObject('{oops} then {"ok": true}')).toEqual({
      ok: true,
      value: { ok: true },
    });
  });

  it('says why it found nothing', () => {
    expect(extractJsonObject('no json here')).toEqual({
      ok: false,
      reason: 'no JSON object in the answer',
    });
    expect(extractJsonObject('{"a": 1,')).toEqual({ ok: false, reason: 'no parsable JSON object' });
    expect(extractJsonObject('[1, 2]')).toEqual({
      ok: false,
      reason: 'no JSON object in the answer',
    });
  });
});
