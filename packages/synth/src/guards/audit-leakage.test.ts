import { describe, expect, it } from 'vitest';
import { additionSignature } from '../__fixtures__/modes.js';
import { auditLeakage } from './audit-leakage.js';

const item = (id: string, question: string, answer = 1) => ({
  id,
  input: { question },
  gold: { answer },
});

describe('auditLeakage', () => {
  it('reports every synthetic instance that reproduces an evaluation input, per partition', () => {
    const validation = [item('v-1', 'A train leaves the station at nine and travels sixty miles.')];
    const test = [
      item('t-1', 'Seven sailors share forty-two coins equally among themselves at dawn.'),
      item('t-2', 'How many legs do three spiders and two beetles have together?'),
    ];
    const synthetic = [
      item('syn-0-0', 'Seven sailors share forty-two coins equally among themselves at dawn!', 6),
      item('syn-0-1', 'A baker sells twelve loaves before noon and eight after.'),
      item(
        'syn-1-0',
        'Word for word: how many legs do three spiders and two beetles have together?',
      ),
    ];
    const audit = auditLeakage({
      signature: additionSignature,
      synthetic,
      partitions: { validation, test },
    });
    expect(audit.checked).toBe(3);
    expect(audit.ngramSize).toBe(5);
    expect(audit.partitions['validation']).toEqual({ size: 1, matches: [] });
    expect(audit.partitions['test']).toEqual({
      size: 2,
      matches: [
        { syntheticId: 'syn-0-0', matchedId: 't-1', overlap: 1 },
        { syntheticId: 'syn-1-0', matchedId: 't-2', overlap: 1 },
      ],
    });
    expect(audit.criterion).toContain('5-grams');
  });

  it('takes its own n-gram size and threshold', () => {
    const audit = auditLeakage({
      signature: additionSignature,
      synthetic: [item('syn-0-0', 'one two three four five six seven eight')],
      partitions: { test: [item('t-1', 'one two three four nine ten eleven twelve')] },
      ngramSize: 2,
      threshold: 0.4,
    });
    expect(audit.partitions['test']?.matches.map((match) => match.matchedId)).toEqual(['t-1']);
    expect(
      auditLeakage({
        signature: additionSignature,
        synthetic: [item('syn-0-0', 'one two three four five six seven eight')],
        partitions: { test: [item('t-1', 'one two three four nine ten eleven twelve')] },
        ngramSize: 2,
        threshold: 0.5,
      }).partitions['test']?.matches,
    ).toEqual([]);
  });
});
