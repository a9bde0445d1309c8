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
    '{aspect:str,score:int}',
    'list[{aspect:str,evidence:list[str],meta:{source:str}}]',
    'dict[str,{n:float}]',
  ])('parses and formats %s', (text) => {
    const parsed = parseFieldType(text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(formatFieldType(parsed.type)).toBe(text);
  });

  it('reads an object type field by field, in order', () => {
    expect(parseFieldType('{ aspect : str , tags : list[str] }')).toEqual({
      ok: true,
      type: {
        kind: 'object',
        fields: [
          { name: 'aspect', type: { kind: 'str' } },
          { name: 'tags', type: { kind: 'list', element: { kind: 'str' } } },
        ],
      },
    });
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
    ['{}', 'expected a field name'],
    ['{a:str', 'expected "," or "}"'],
    ['{a str}', 'expected ":"'],
    ['{a:str,a:int}', 'object field "a" is declared twice'],
    ['{1a:str}', 'expected a field name'],
  ])('rejects %j', (text, message) => {
    const parsed = parseFieldType(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });
});
