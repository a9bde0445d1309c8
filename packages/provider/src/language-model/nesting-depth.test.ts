import { describe, expect, it } from 'vitest';
import { jsonTextBeyondDepth, maxResponseDepth, pathBeyondDepth } from './nesting-depth.js';

function nestedArrays(depth: number): unknown {
  return JSON.parse('['.repeat(depth) + ']'.repeat(depth));
}

describe('pathBeyondDepth', () => {
  it('counts each array or object as one level; scalars are level 0', () => {
    expect(pathBeyondDepth('text', 0)).toBeUndefined();
    expect(pathBeyondDepth([], 0)).toBe('the top level');
    expect(pathBeyondDepth([], 1)).toBeUndefined();
    expect(pathBeyondDepth({ a: [{ b: 1 }] }, 3)).toBeUndefined();
    expect(pathBeyondDepth({ a: [{ b: 1 }] }, 2)).toBe('a.0');
  });

  it('accepts exactly the limit and names the first path beyond it', () => {
    expect(pathBeyondDepth(nestedArrays(maxResponseDepth))).toBeUndefined();
    const body = {
      choices: [{ message: { content: 'ok' } }],
      extra: nestedArrays(maxResponseDepth),
    };
    expect(pathBeyondDepth(body)).toBe('extra.0.0.0.0.0…');
    expect(pathBeyondDepth({ short: 1, deep: { a: { b: {} } } }, 3)).toBe('deep.a.b');
  });

  it('measures 20,000 levels without overflowing the stack, and stops a cycle', () => {
    expect(pathBeyondDepth(nestedArrays(20_000))).toBe('0.0.0.0.0.0…');
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(pathBeyondDepth(cyclic)).toBe('self.self.self.self.self.self…');
  });
});

describe('jsonTextBeyondDepth', () => {
  it('counts brackets outside strings only', () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    expect(jsonTextBeyondDepth(`{"a":${deep}}`)).toBe(true);
    expect(jsonTextBeyondDepth(JSON.stringify({ text: deep }))).toBe(false);
    // An escaped quote does not end the string: the brackets after it are inside.
    expect(jsonTextBeyondDepth('"a\\"[["', 1)).toBe(false);
    expect(jsonTextBeyondDepth('"a\\\\"[[', 1)).toBe(true);
    expect(jsonTextBeyondDepth('[[]]', 2)).toBe(false);
    expect(jsonTextBeyondDepth('[[[]]]', 2)).toBe(true);
  });
});
