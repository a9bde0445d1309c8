import { describe, expect, it } from 'vitest';
import { formatFieldType, parseFieldType } from './field-type.js';

describe('parseFieldType', () => {
  it.each([
    'str',
    'int',
    'float',
    'bool',
    'list[str]',
    'dict[str,int]',
    'list[dict[str,list[float]]]',
  ])('parses and formats %s', (text) => {
    const parsed = parseFieldType(text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(formatFieldType(parsed.type)).toBe(text);
  });

  it('ignores whitespace', () => {
    const parsed = parseFieldType(' dict[ str , list[int] ] ');
    expect(parsed.ok && formatFieldType(parsed.type)).toBe('dict[str,list[int]]');
  });

  it.each([
    ['string', 'unknown type "string"'],
    ['list', 'list needs an element type'],
    ['list[int', 'expected "]"'],
    ['dict[float,int]', 'dict keys must be str or int'],
    ['dict[str]', 'expected ","'],
    ['int]', 'unexpected text'],
    ['', 'expected a type name'],
  ])('rejects %j', (text, message) => {
    const parsed = parseFieldType(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });
});
