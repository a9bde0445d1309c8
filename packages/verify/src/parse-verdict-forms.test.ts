import { misbehave } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { parseVerdict } from './parse-verdict.js';

const answer = [
  '<validity_reason>The gold date is right.</validity_reason>',
  '<validity>true</validity>',
  '<faithfulness_reason>It crosses the pivot.</faithfulness_reason>',
  '<faithfulness>false</faithfulness>',
].join('\n');

describe('parseVerdict on what real models add', () => {
  it.each(['reasoning', 'chatter', 'fence'] as const)('reads the verdict through %s', (form) => {
    const spoiled = misbehave(answer, form);
    expect(parseVerdict(spoiled.text, spoiled.finishReason)).toMatchObject({
      ok: true,
      validity: true,
      faithfulness: false,
    });
  });

  it.each(['truncated', 'empty'] as const)('reports a %s answer with its code', (form) => {
    const spoiled = misbehave(answer, form);
    expect(parseVerdict(spoiled.text, spoiled.finishReason)).toMatchObject({
      ok: false,
      code: form,
    });
  });

  it('names block problems with a code', () => {
    expect(parseVerdict('<validity>true</validity>')).toMatchObject({
      ok: false,
      code: 'no-block',
    });
    expect(parseVerdict(answer.replace('>true<', '>yes<'))).toMatchObject({
      ok: false,
      code: 'invalid-answer',
    });
  });
});
