import { describe, expect, it } from 'vitest';
import { parseCuration } from './curation.js';

describe('parseCuration', () => {
  it('reads the four delta operations in order', () => {
    const parsed = parseCuration(
      JSON.stringify({
        reasoning: 'Two gaps.',
        operations: [
          { type: 'ADD', section: 'rules', content: 'New.' },
          { type: 'add', section: 'rules', content: 'Scoped.', module: 'read' },
          { type: 'UPDATE', bullet_id: 'rule-00001', content: 'Better.' },
          { type: 'MERGE', source_ids: ['rule-00001', 'rule-00002'] },
          { type: 'DELETE', bullet_id: 'rule-00003' },
        ],
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      reasoning: 'Two gaps.',
      operations: [
        { type: 'ADD', section: 'rules', content: 'New.', module: null },
        { type: 'ADD', section: 'rules', content: 'Scoped.', module: 'read' },
        { type: 'UPDATE', bulletId: 'rule-00001', content: 'Better.' },
        { type: 'MERGE', sourceIds: ['rule-00001', 'rule-00002'], content: undefined },
        { type: 'DELETE', bulletId: 'rule-00003' },
      ],
    });
  });

  it('keeps unreadable operations as INVALID entries, with the reason', () => {
    const parsed = parseCuration(
      '{"reasoning": "", "operations": [{"type": "CREATE_META"}, {"type": "ADD", "content": "x"}, 3]}',
    );
    expect(
      parsed.ok &&
        parsed.operations.map(
          (operation) => operation.type === 'INVALID' && [operation.named, operation.reason],
        ),
    ).toEqual([
      ['CREATE_META', 'unsupported-operation'],
      ['ADD', 'invalid-operation'],
      [undefined, 'invalid-operation'],
    ]);
  });

  it('refuses an answer without an operations list, such as a rewritten playbook', () => {
    expect(
      parseCuration('## rules\n[rule-00001] helpful=0 harmful=0 :: Everything, rewritten.'),
    ).toEqual({
      ok: false,
      code: 'invalid-json',
      reason: 'no JSON object in the answer',
    });
    expect(parseCuration('{"reasoning": "r", "playbook": "## rules\\n- all new"}')).toEqual({
      ok: false,
      code: 'invalid-answer',
      reason: 'operations: the answer has no operations list',
    });
    expect(parseCuration('{"operations": "ADD a bullet"}')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^operations: /),
    });
  });
});
