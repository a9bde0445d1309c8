import { describe, expect, it } from 'vitest';
import {
  formatFieldPath,
  parseModuleAnswer,
  renderAnswerFormat,
  renderModuleAnswer,
  renderReask,
} from './answer-format.js';

const fields = [
  { name: 'count', type: 'int', description: '' },
  { name: 'labels', type: 'list[str]', description: '' },
  { name: 'note', type: 'str', description: '' },
];

describe('the typed-module answer format', () => {
  it('reads the last tag of each field and coerces it losslessly, keeping the reasoning', () => {
    const answer = parseModuleAnswer(
      'I could write <count>2</count> but no.\n<count> 3 </count>\n<labels>["a", "b"]</labels>\n<note>45</note>',
      'm',
      fields,
    );
    expect(answer).toEqual({
      ok: true,
      output: { count: 3, labels: ['a', 'b'], note: '45' },
      reasoning: 'I could write',
    });
  });

  it('names the module and field of a missing tag or a value that does not coerce', () => {
    expect(parseModuleAnswer('<count>3</count><labels>[]</labels>', 'm', fields)).toEqual({
      ok: false,
      reason: 'module m: the answer has no <note>…</note> (every output field needs its tag)',
      problem: 'the answer has no <note>…</note> (every output field needs its tag)',
    });
    const bad = parseModuleAnswer(
      '<count>4.5</count><labels>[]</labels><note>x</note>',
      'm',
      fields,
    );
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.reason).toMatch(/^module m: output field count: /);
  });

  it('writes what it reads back, leaving out undefined fields', () => {
    const text = renderModuleAnswer({ count: 3, labels: ['a'], note: 'ok' }, fields, 'Because.');
    expect(text).toBe('Because.\n<count>3</count>\n<labels>[\n  "a"\n]</labels>\n<note>ok</note>');
    expect(parseModuleAnswer(text, 'm', fields)).toMatchObject({
      ok: true,
      output: { count: 3, labels: ['a'], note: 'ok' },
    });
    expect(renderModuleAnswer({ count: 3 }, fields)).toBe('<count>3</count>');
  });
});

const aspectFields = [
  { name: 'aspects', type: 'list[{aspect:str,score:int}]', description: 'Aspects.' },
  { name: 'summary', type: 'str', description: '' },
];

describe('nested outputs', () => {
  it('say objects are written as JSON, and only when a field holds objects', () => {
    expect(renderAnswerFormat(aspectFields).split('\n')).toEqual([
      '## Answer format',
      'Answer with one tag per output field, in this order (write lists, dicts and objects as JSON):',
      '<aspects>…</aspects>  (list[{aspect:str,score:int}]: Aspects.)',
      '<summary>…</summary>  (str)',
    ]);
    expect(renderAnswerFormat(fields)).toContain('(write lists and dicts as JSON):');
  });

  it('read JSON inside the tag, a fence around it tolerated, and name the path of a problem', () => {
    const fenced =
      '<aspects>\n```json\n[{"aspect": "battery", "score": "2"}]\n```\n</aspects><summary>ok</summary>';
    expect(parseModuleAnswer(fenced, 'm', aspectFields)).toEqual({
      ok: true,
      output: { aspects: [{ aspect: 'battery', score: 2 }], summary: 'ok' },
    });
    const wrong = parseModuleAnswer(
      '<aspects>[{"aspect": "battery", "score": 2}, {"aspect": "screen"}]</aspects><summary>ok</summary>',
      'm',
      aspectFields,
    );
    expect(wrong).toMatchObject({
      ok: false,
      problem: 'output field aspects[1].score: declared field is missing',
    });
    // A string field keeps a fence as written: it is text, not JSON.
    const text = '<aspects>[]</aspects><summary>```\ncode\n```</summary>';
    expect(parseModuleAnswer(text, 'm', aspectFields)).toMatchObject({
      output: { summary: '```\ncode\n```' },
    });
  });

  it('name zod paths the way coercion does', () => {
    expect(formatFieldPath(['aspects', 1, 'score'])).toBe('aspects[1].score');
    expect(formatFieldPath(['grid', 0, 2])).toBe('grid[0][2]');
    expect(formatFieldPath([])).toBe('');
  });
});

describe('reasoning', () => {
  const reasoning = { reasoning: true };

  it('asks for a reasoning tag before the output fields', () => {
    expect(renderAnswerFormat(fields.slice(0, 1), reasoning).split('\n')).toEqual([
      '## Answer format',
      'Write your reasoning first, then one tag per output field, in this order (write lists and dicts as JSON):',
      '<reasoning>…</reasoning>  (think step by step; the reasoning that leads to the output fields)',
      '<count>…</count>  (int)',
    ]);
  });

  it('sets the reasoning block aside: a tag quoted inside it is not the answer', () => {
    const text =
      '<reasoning>Maybe <count>2</count>? No: three items.</reasoning>\n<count>3</count><labels>[]</labels><note>n</note>';
    expect(parseModuleAnswer(text, 'm', fields, reasoning)).toEqual({
      ok: true,
      output: { count: 3, labels: [], note: 'n' },
      reasoning: 'Maybe <count>2</count>? No: three items.',
    });
    // Quoted only inside the reasoning, a field is missing.
    const quotedOnly =
      '<reasoning>I would say <note>n</note></reasoning><count>3</count><labels>[]</labels>';
    expect(parseModuleAnswer(quotedOnly, 'm', fields, reasoning)).toMatchObject({
      ok: false,
      reasoning: 'I would say <note>n</note>',
    });
  });

  it('takes an answer without its reasoning tag, the text before the fields standing in', () => {
    expect(
      parseModuleAnswer(
        'Three.\n<count>3</count><labels>[]</labels><note>n</note>',
        'm',
        fields,
        reasoning,
      ),
    ).toEqual({ ok: true, output: { count: 3, labels: [], note: 'n' }, reasoning: 'Three.' });
    expect(
      parseModuleAnswer(
        '<reasoning>Three.\n<count>3</count><labels>[]</labels><note>n</note>',
        'm',
        fields,
        reasoning,
      ),
    ).toMatchObject({ ok: true, reasoning: 'Three.' });
  });

  it('writes demonstrations with the reasoning in its tag, and reads them back', () => {
    const text = renderModuleAnswer(
      { count: 3, labels: [], note: 'n' },
      fields,
      'Three.',
      reasoning,
    );
    expect(text).toBe(
      '<reasoning>Three.</reasoning>\n<count>3</count>\n<labels>[]</labels>\n<note>n</note>',
    );
    expect(parseModuleAnswer(text, 'm', fields, reasoning)).toMatchObject({ reasoning: 'Three.' });
    expect(renderModuleAnswer({ count: 3 }, fields, undefined, reasoning)).toBe('<count>3</count>');
  });
});

describe('renderReask', () => {
  it('names the problem and asks for the whole answer again', () => {
    expect(renderReask('output field count: expected an integer, got the string "x"')).toBe(
      'Your last answer could not be used: output field count: expected an integer, got the string "x".\nAnswer again in full, following the answer format above.',
    );
  });
});
