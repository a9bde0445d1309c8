import { describe, expect, it } from 'vitest';
import { parseReferenceCuration } from './reference-curation.js';

// ace-agent/ace ba78d34: ace/core/curator.py:165–224, playbook_utils.py:143–146.
describe('parseReferenceCuration', () => {
  it('passes section and content on as written, and keeps non-ADD types as unsupported', () => {
    const parsed = parseReferenceCuration(
      JSON.stringify({
        reasoning: 'r',
        operations: [
          { type: 'ADD', section: 'Formulas & Calculations', content: '  Spaced.  ' },
          { type: 'UPDATE' },
          { type: 'add', section: 'others', content: 'x' },
          { type: null },
        ],
      }),
    );
    expect(parsed.ok && parsed.operations).toEqual([
      { type: 'ADD', section: 'Formulas & Calculations', content: '  Spaced.  ', module: null },
      expect.objectContaining({
        type: 'INVALID',
        named: 'UPDATE',
        reason: 'unsupported-operation',
      }),
      expect.objectContaining({ type: 'INVALID', named: 'add', reason: 'unsupported-operation' }),
      expect.objectContaining({ type: 'INVALID', named: 'null', reason: 'unsupported-operation' }),
    ]);
  });

  it('refuses the whole answer for one bad operation or a missing reasoning', () => {
    const refused = (value: unknown) => parseReferenceCuration(JSON.stringify(value)).ok;
    expect(refused({ reasoning: 'r', operations: [{ type: 'ADD', content: 'x' }] })).toBe(false);
    expect(refused({ reasoning: 'r', operations: [{ content: 'x' }] })).toBe(false);
    expect(refused({ reasoning: 'r', operations: [['ADD']] })).toBe(false);
    expect(
      refused({ reasoning: 'r', operations: [{ type: 'ADD', section: null, content: 'x' }] }),
    ).toBe(false);
    expect(refused({ operations: [] })).toBe(false);
    expect(refused({ reasoning: 'r', operations: {} })).toBe(false);
    expect(refused({ reasoning: 'r', operations: [] })).toBe(true);
  });
});
