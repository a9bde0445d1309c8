import { describe, expect, it } from 'vitest';
import { parseModuleAnswer, renderModuleAnswer } from './answer-format.js';

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
