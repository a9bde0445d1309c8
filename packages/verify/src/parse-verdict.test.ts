import { describe, expect, it } from 'vitest';
import { parseVerdict } from './parse-verdict.js';

function answer(validity: string, faithfulness: string, extra = ''): string {
  return `Let me check the arithmetic first.
<validity_reason>The sum is right.</validity_reason>
<validity>${validity}</validity>
<faithfulness_reason>It needs a carry, like the failure.</faithfulness_reason>
<faithfulness>${faithfulness}</faithfulness>${extra}`;
}

describe('parseVerdict', () => {
  it.each([
    ['true', 'true', true, true],
    ['false', 'true', false, true],
    ['true', 'false', true, false],
    [' false\n', '\nfalse ', false, false],
  ])('reads validity %j and faithfulness %j', (validity, faithfulness, v, f) => {
    expect(parseVerdict(answer(validity, faithfulness))).toEqual({
      ok: true,
      validity: v,
      validityReason: 'The sum is right.',
      faithfulness: f,
      faithfulnessReason: 'It needs a carry, like the failure.',
    });
  });

  it('accepts the fields in any order', () => {
    const text =
      '<faithfulness>true</faithfulness><validity>false</validity>' +
      '<faithfulness_reason>b</faithfulness_reason><validity_reason>a</validity_reason>';
    expect(parseVerdict(text)).toMatchObject({ ok: true, validity: false, faithfulness: true });
  });

  it.each([
    ['True', 'true', '<validity> must be true or false, got "True"'],
    ['yes', 'true', '<validity> must be true or false, got "yes"'],
    ['true.', 'true', 'got "true."'],
    ['1', 'true', 'got "1"'],
    ['true', 'false (mostly)', '<faithfulness> must be true or false, got "false (mostly)"'],
    ['', 'true', '<validity> is empty'],
  ])('fails on validity %j / faithfulness %j', (validity, faithfulness, reason) => {
    const verdict = parseVerdict(answer(validity, faithfulness));
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toContain(reason);
  });

  it.each([
    ['no fields at all', 'Looks good to me, accept.', '<validity_reason> is missing'],
    [
      'a missing verdict',
      answer('true', 'true').replace('<faithfulness>true</faithfulness>', ''),
      '<faithfulness> is missing',
    ],
    [
      'a missing reason',
      answer('true', 'true').replace(/<validity_reason>.*<\/validity_reason>/, ''),
      '<validity_reason> is missing',
    ],
    [
      'a repeated verdict',
      answer('true', 'true', '\n<validity>false</validity>'),
      '<validity> occurs more than once',
    ],
    [
      'a repeated reason',
      answer('true', 'true', '<faithfulness_reason>again</faithfulness_reason>'),
      '<faithfulness_reason> occurs more than once',
    ],
    [
      'an unclosed verdict',
      answer('true', 'true').replace('</faithfulness>', ''),
      '<faithfulness> is not closed',
    ],
    [
      'an empty reason',
      answer('true', 'true').replace('The sum is right.', '  '),
      '<validity_reason> is empty',
    ],
    [
      'an overall field instead of two verdicts',
      '<validity_reason>a</validity_reason><accepted>true</accepted>',
      '<validity> is missing',
    ],
  ])('fails on %s', (_label, text, reason) => {
    const verdict = parseVerdict(text);
    expect(verdict).toEqual({
      ok: false,
      code: expect.any(String),
      reason: expect.stringContaining(reason),
    });
  });
});
