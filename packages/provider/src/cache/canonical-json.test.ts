import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth, drops undefined members and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1, { z: 1, y: undefined }], c: undefined } })).toBe(
      '{"a":{"d":[3,1,{"z":1}]},"b":1}',
    );
  });

  it('gives equal output for objects built in different orders', () => {
    expect(canonicalJson({ x: 1, y: [{ a: 1, b: 2 }] })).toBe(
      canonicalJson({ y: [{ b: 2, a: 1 }], x: 1 }),
    );
  });

  it('writes undefined array items and non-finite numbers as null', () => {
    expect(canonicalJson([undefined, Number.NaN, Number.POSITIVE_INFINITY])).toBe(
      '[null,null,null]',
    );
    expect(canonicalJson(undefined)).toBe('null');
  });
});
