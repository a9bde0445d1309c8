import { describe, expect, it } from 'vitest';
import { extractXmlBlock, parseJsonObject } from './extract-xml-block.js';

describe('extractXmlBlock', () => {
  it('returns the trimmed content of the one block, ignoring reasoning around it', () => {
    const text = 'Let me think.\n<system_prompt>\n# Role\nYou add.\n</system_prompt>\nDone.';
    expect(extractXmlBlock(text, 'system_prompt')).toEqual({
      ok: true,
      content: '# Role\nYou add.',
    });
  });

  it.each([
    ['no block here', 'missing'],
    ['<system_prompt>never closed', 'unclosed'],
    ['<system_prompt>  \n </system_prompt>', 'empty'],
    ['<system_prompt>a</system_prompt><system_prompt>b</system_prompt>', 'multiple'],
    ['<system_prompt>a</system_prompt> and </system_prompt>', 'multiple'],
    ['</system_prompt> before <system_prompt>', 'unclosed'],
  ])('%j → %s', (text, reason) => {
    expect(extractXmlBlock(text, 'system_prompt')).toEqual({ ok: false, reason });
  });

  it('does not confuse a tag with a longer name', () => {
    expect(extractXmlBlock('<validity_reason>x</validity_reason>', 'validity')).toEqual({
      ok: false,
      reason: 'missing',
    });
  });
});

describe('parseJsonObject', () => {
  it('parses one object, with or without a fence', () => {
    expect(parseJsonObject('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonObject('```json\n{"a": 1}\n```')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('rejects invalid JSON and non-objects with a reason', () => {
    const invalid = parseJsonObject('{"a": 1,}');
    expect(invalid.ok).toBe(false);
    expect(invalid.ok ? '' : invalid.reason).toMatch(/^invalid JSON/);
    expect(parseJsonObject('[1]')).toEqual({
      ok: false,
      reason: 'expected one JSON object, got an array',
    });
    expect(parseJsonObject('null')).toEqual({
      ok: false,
      reason: 'expected one JSON object, got object',
    });
  });
});
