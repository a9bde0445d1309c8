import { describe, expect, it } from 'vitest';
import { renderFields, renderInstance } from '../render/render-markdown.js';
import { readRenderedFields, readRenderedInstance } from './read-rendered-fields.js';

describe('readRenderedFields', () => {
  it('reads back what renderFields wrote, non-strings as their JSON', () => {
    const text = renderFields({ ticket: 'Login is down.', tags: ['a', 'b'], urgent: true }, 4);
    expect(readRenderedFields(text, 4)).toEqual({
      ticket: 'Login is down.',
      tags: JSON.stringify(['a', 'b'], null, 2),
      urgent: 'true',
    });
  });

  it('keeps a value holding heading lines whole when the field names are given', () => {
    const text = renderFields({ document: '#### Summary\nAll good.', verdict: 'ok' }, 4);
    expect(readRenderedFields(text, 4, ['document', 'verdict'])).toEqual({
      document: '#### Summary\nAll good.',
      verdict: 'ok',
    });
    // Without the names every heading line of the level starts a field.
    expect(readRenderedFields(text, 4)).toEqual({
      document: '',
      Summary: 'All good.',
      verdict: 'ok',
    });
  });
});

describe('readRenderedInstance', () => {
  it('reads the input and gold fields of renderInstance at level 3', () => {
    const text = renderInstance(
      { id: 'i1', input: { text: 'Due 03.04.2021.' }, gold: { date: '2021-04-03' } },
      { level: 3 },
    );
    expect(readRenderedInstance(text)).toEqual({
      input: { text: 'Due 03.04.2021.' },
      gold: { date: '2021-04-03' },
    });
  });

  it('reads an instance shown without its gold', () => {
    const text = renderInstance(
      { id: 'i1', input: { q: 'Who?' }, gold: { a: 'Ada' } },
      { level: 2, includeGold: false },
    );
    expect(readRenderedInstance(text, 2)).toEqual({ input: { q: 'Who?' }, gold: {} });
  });
});
