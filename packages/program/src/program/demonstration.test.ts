import { describe, expect, it } from 'vitest';
import { demonstrationMessages, demonstrationsFor, hasDemonstrations } from './demonstration.js';

describe('demonstrations', () => {
  it('turns each demonstration into a user turn and an assistant turn, oldest first', () => {
    const messages = demonstrationMessages(
      [
        { input: { q: 'one' }, output: { a: '1' } },
        { input: { q: 'two' }, output: { a: '2' }, reasoning: 'count' },
      ],
      {
        input: (demonstration) => `Q: ${String(demonstration.input['q'])}`,
        answer: (demonstration) =>
          `${demonstration.reasoning ?? ''}|${String(demonstration.output['a'])}`,
      },
    );
    expect(messages).toEqual([
      { role: 'user', content: 'Q: one' },
      { role: 'assistant', content: '|1' },
      { role: 'user', content: 'Q: two' },
      { role: 'assistant', content: 'count|2' },
    ]);
  });

  it('finds a module’s demonstrations and tells whether a candidate has any', () => {
    const demos = { read: [{ input: { x: 1 }, output: { y: 2 } }], write: [] };
    expect(demonstrationsFor(demos, 'read')).toHaveLength(1);
    expect(demonstrationsFor(demos, 'missing')).toEqual([]);
    expect(demonstrationsFor(undefined, 'read')).toEqual([]);
    expect(hasDemonstrations(demos)).toBe(true);
    expect(hasDemonstrations({ write: [] })).toBe(false);
    expect(hasDemonstrations(undefined)).toBe(false);
  });
});
