import { describe, expect, it } from 'vitest';
import { createPlaybook } from '../playbook/playbook.js';
import { aceProposalRecord } from './ace-proposal-record.js';
import type { AceState, SampleOutcome } from './ace-state.js';

describe('aceProposalRecord', () => {
  it('states the sample’s scores rounded, and keeps the raw ones in the record', () => {
    const playbook = createPlaybook(['strategies']);
    // Only what the record reads of the state: the step, the candidates and the playbook.
    const state = { step: 3, candidates: [], playbook } as unknown as AceState;
    const outcome = {
      instanceId: 'train-3',
      evaluations: 3,
      initialScore: 1 / 3,
      finalScore: 2 / 3,
      postScore: 0.1 + 0.2,
      rounds: 1,
      corrected: false,
      reflections: [],
      curation: { outcome: 'skipped' },
      playbook,
      usage: [],
    } satisfies SampleOutcome;
    const record = aceProposalRecord(state, state, outcome);
    const proposal = record.data as { details: string[]; parentScores: number[] };
    expect(proposal.details[0]).toBe(
      'sample train-3: first answer 0.333, after 1 reflection round(s) 0.667, after curation 0.300',
    );
    expect(proposal.parentScores).toEqual([1 / 3]);
  });
});
