import { describe, expect, it } from 'vitest';
import { mergeProposalRecords } from './proposal-records.js';

describe('mergeProposalRecords', () => {
  it('states the subsample sums rounded, and keeps the raw scores in the record', () => {
    const thirds = [1 / 3, 1 / 3, 1 / 3, 2 / 3];
    const [record] = mergeProposalRecords({
      iteration: 4,
      id1: 2,
      id2: 3,
      ancestor: 0,
      components: ['answer'],
      sources: [3],
      firstParentPrompts: { answer: 'Answer.' },
      mergedPrompts: { answer: 'Answer with care.' },
      subsample: ['v1', 'v2', 'v3', 'v4'],
      firstParentScores: [0.1, 0.2, 0, 0],
      mergedScores: thirds,
      parentSums: [0.1 + 0.2, 2 / 3],
      accepted: true,
      candidate: 5,
    });
    const proposal = record?.data as { details: string[]; proposalScores: number[] };
    expect(proposal.details.at(-1)).toBe(
      'validation subsample sums: #2 0.300, #3 0.667, merged 1.67 (accepted when the merged sum is at least the larger)',
    );
    expect(proposal.proposalScores).toEqual(thirds);
  });
});
