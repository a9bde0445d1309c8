import { type CheckpointRecord, minibatchRecord } from '@forge/method';
import type { Prompts } from '@forge/program';
import { playbookTotals } from '../playbook/playbook.js';
import { playbookTokens } from '../playbook/render-playbook.js';
import { aceProposalRecord } from './ace-proposal-record.js';
import type { AceCandidate, AceState, SampleOutcome } from './ace-state.js';

// The records a report draws ACE's history from (the fields `@forge/report` reads for peer
// methods): one `step` (per-sample facts, `evaluationsUsed`, and the playbook's size and counters
// after it as `playbook`) and one `playbook` (the whole playbook) per sample, one `epoch` per
// completed epoch, one `proposal` per sample (`aceProposalRecord`) with one `minibatch` (the sample's first and
// post-curation executions), one `candidate` per validated playbook (with its rendered prompts and its
// score per validation instance), and the `stop`.

/** The playbook's size and counters, as every series point carries them. */
function sizeOf(playbook: AceState['playbook']) {
  const totals = playbookTotals(playbook);
  return { ...totals, tokens: playbookTokens(playbook) };
}

/** The records of one trained sample; `before` is the state it started from. */
export function sampleRecords(
  before: AceState,
  after: AceState,
  outcome: SampleOutcome,
): CheckpointRecord[] {
  const step = before.step;
  const { playbook: _playbook, usage: _usage, transcript: _transcript, ...facts } = outcome;
  const records: CheckpointRecord[] = [
    {
      kind: 'step',
      step,
      data: {
        ...facts,
        epoch: before.epoch,
        position: before.position + 1,
        evaluationsUsed: after.evaluationsUsed,
        playbook: sizeOf(after.playbook),
      },
    },
    { kind: 'playbook', step, data: after.playbook },
    aceProposalRecord(before, after, outcome),
  ];
  const first = outcome.transcript?.first;
  if (first !== undefined) {
    const afterCuration = outcome.transcript?.afterCuration;
    records.push(
      minibatchRecord({
        step,
        parent: before.candidates[before.candidates.length - 1]?.index ?? 0,
        parentEvaluations: [first],
        ...(afterCuration === undefined ? {} : { proposalEvaluations: [afterCuration] }),
      }),
    );
  }
  if (after.epochsCompleted > before.epochsCompleted) {
    const samples = before.position + 1;
    records.push({
      kind: 'epoch',
      step,
      data: {
        epoch: before.epoch,
        samples,
        changed: after.lastEpochChanged,
        initialAccuracy:
          (before.epochCorrect.initial + (outcome.initialScore === 1 ? 1 : 0)) / samples,
        afterCurationAccuracy:
          (before.epochCorrect.afterCuration +
            ((outcome.postScore ?? outcome.finalScore) === 1 ? 1 : 0)) /
          samples,
        playbook: sizeOf(after.playbook),
      },
    });
  }
  return records;
}

/** The record of a validated playbook, with the prompts it renders to. */
export function candidateRecord(
  candidate: AceCandidate,
  best: number,
  prompts: Prompts,
  validationIds: readonly string[],
): CheckpointRecord {
  return {
    kind: 'candidate',
    step: candidate.origin === 'seed' ? null : candidate.step,
    data: {
      candidate: candidate.index,
      parent: candidate.parent,
      origin: candidate.origin,
      epoch: candidate.epoch,
      validation: candidate.validation,
      validationScores: Object.fromEntries(
        validationIds.map((id, position) => [id, candidate.scores[position] ?? 0]),
      ),
      evaluationsUsed: candidate.evaluationsUsed,
      best,
      playbook: sizeOf(candidate.playbook),
      prompts,
    },
  };
}

/** The record of the run's end on its own. */
export function stopRecord(state: AceState, reason: string): CheckpointRecord {
  return {
    kind: 'stop',
    step: state.step,
    data: { reason, epochsCompleted: state.epochsCompleted },
  };
}
