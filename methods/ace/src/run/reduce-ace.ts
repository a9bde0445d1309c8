import { addRoleUsage, type MethodUsage, nextHistoryPoint } from '@forge/method';
import type { Playbook } from '../playbook/playbook.js';
import {
  type AceCandidate,
  type AceState,
  type AceTallies,
  emptyTallies,
  type SampleOutcome,
  type UsageEntry,
} from './ace-state.js';

/** Everything that changes ACE's state; each is one unit of work, saved when it is reduced. */
export type AceAction =
  | {
      readonly type: 'sample-trained';
      /** What the sample did. */
      readonly outcome: SampleOutcome;
      /** Training instances per epoch. */
      readonly epochSize: number;
      /** Validate every n samples within an epoch; null for epoch ends only. */
      readonly evalSteps: number | null;
      /**
       * Validate at every epoch's end (the `paper` profile); false keeps to `evalSteps` alone,
       * the reference's schedule (`step % eval_steps == 0`, ace/ace.py:736).
       */
      readonly validateAtEpochEnd?: boolean;
    }
  | {
      readonly type: 'playbook-validated';
      /** Why the pass ran. */
      readonly origin: 'epoch-end' | 'eval-steps' | 'final';
      /** Score per validation instance. */
      readonly scores: readonly number[];
      /** Model usage of the pass. */
      readonly usage: readonly UsageEntry[];
    }
  | { readonly type: 'validation-skipped' }
  | { readonly type: 'run-finished'; readonly reason: string };

/** The state once the seed (the empty playbook, or the one given) is validated. */
export function seedState(
  playbook: Playbook,
  scores: readonly number[],
  usage: readonly UsageEntry[],
): AceState {
  const validation = mean(scores);
  const seed: AceCandidate = {
    index: 0,
    parent: null,
    origin: 'seed',
    step: 0,
    epoch: 0,
    validation,
    scores,
    playbook,
    evaluationsUsed: scores.length,
  };
  return {
    step: 0,
    epoch: 0,
    position: 0,
    evaluationsUsed: scores.length,
    playbook,
    validationDue: null,
    epochChanged: false,
    lastEpochChanged: null,
    epochsCompleted: 0,
    epochCorrect: { initial: 0, afterCuration: 0 },
    candidates: [seed],
    best: 0,
    history: [
      nextHistoryPoint(undefined, {
        evaluationsUsed: scores.length,
        candidate: 0,
        validation,
        step: null,
      }),
    ],
    usage: addUsage({}, usage),
    tallies: emptyTallies(),
    finished: null,
  };
}

/** ACE's reducer: a pure function of the state and one action. */
export function reduceAce(state: AceState, action: AceAction): AceState {
  switch (action.type) {
    case 'sample-trained': {
      const { outcome } = action;
      const position = state.position + 1;
      const curated = outcome.curation.outcome === 'applied' && outcome.curation.changed;
      const epochChanged = state.epochChanged || curated;
      const epochCorrect = {
        initial: state.epochCorrect.initial + (outcome.initialScore === 1 ? 1 : 0),
        afterCuration:
          state.epochCorrect.afterCuration +
          ((outcome.postScore ?? outcome.finalScore) === 1 ? 1 : 0),
      };
      const next: AceState = {
        ...state,
        step: state.step + 1,
        position,
        evaluationsUsed: state.evaluationsUsed + outcome.evaluations,
        playbook: outcome.playbook,
        usage: addUsage(state.usage, outcome.usage),
        tallies: tally(state.tallies, outcome),
        epochChanged,
        epochCorrect,
      };
      const due = action.evalSteps !== null && position % action.evalSteps === 0;
      if (position >= action.epochSize) {
        const atEnd = action.validateAtEpochEnd !== false;
        return {
          ...next,
          epoch: state.epoch + 1,
          position: 0,
          epochsCompleted: state.epochsCompleted + 1,
          lastEpochChanged: epochChanged,
          epochChanged: false,
          epochCorrect: { initial: 0, afterCuration: 0 },
          validationDue: atEnd ? 'epoch-end' : due ? 'eval-steps' : null,
        };
      }
      return due ? { ...next, validationDue: 'eval-steps' } : next;
    }
    case 'playbook-validated': {
      const validation = mean(action.scores);
      const evaluationsUsed = state.evaluationsUsed + action.scores.length;
      const index = state.candidates.length;
      const point = nextHistoryPoint(state.history[state.history.length - 1], {
        evaluationsUsed,
        candidate: index,
        validation,
        step: state.step,
      });
      const candidate: AceCandidate = {
        index,
        parent: index - 1,
        origin: action.origin,
        step: state.step,
        // A pass right after an epoch's last sample validates that epoch's playbook.
        epoch: state.position === 0 && state.epoch > 0 ? state.epoch - 1 : state.epoch,
        validation,
        scores: action.scores,
        playbook: state.playbook,
        evaluationsUsed,
      };
      return {
        ...state,
        evaluationsUsed,
        usage: addUsage(state.usage, action.usage),
        candidates: [...state.candidates, candidate],
        best: point.bestCandidate,
        history: [...state.history, point],
        validationDue: null,
      };
    }
    case 'validation-skipped':
      return {
        ...state,
        validationDue: null,
        tallies: { ...state.tallies, validationsSkipped: state.tallies.validationsSkipped + 1 },
      };
    case 'run-finished':
      return { ...state, finished: action.reason };
  }
}

function tally(tallies: AceTallies, outcome: SampleOutcome): AceTallies {
  const tags = { ...tallies.tags };
  let invalidTags = tallies.invalidTags;
  let malformed = tallies.reflectionsMalformed;
  for (const reflection of outcome.reflections) {
    if (reflection.outcome === 'malformed') malformed += 1;
    tags.helpful += reflection.tags.helpful;
    tags.harmful += reflection.tags.harmful;
    tags.neutral += reflection.tags.neutral;
    tags.unknown += reflection.tags.unknown;
    invalidTags += reflection.invalidTags;
  }
  const curation = outcome.curation;
  const applied = { ...tallies.applied };
  const rejected = { ...tallies.rejected };
  if (curation.outcome === 'applied') {
    for (const operation of curation.applied)
      applied[operation.type] = (applied[operation.type] ?? 0) + 1;
    for (const operation of curation.rejected)
      rejected[operation.reason] = (rejected[operation.reason] ?? 0) + 1;
  }
  const effect = curation.outcome === 'applied' ? curation : undefined;
  const right = outcome.initialScore === 1;
  return {
    ...tallies,
    reflections: tallies.reflections + outcome.reflections.length,
    reflectionsMalformed: malformed,
    tags,
    invalidTags,
    curations: tallies.curations + (curation.outcome === 'skipped' ? 0 : 1),
    curationsMalformed: tallies.curationsMalformed + (curation.outcome === 'malformed' ? 1 : 0),
    applied,
    rejected,
    duplicatesMerged: tallies.duplicatesMerged + (effect?.merges.length ?? 0),
    evicted: tallies.evicted + (effect?.evicted.length ?? 0),
    dropped: tallies.dropped + (effect?.dropped.length ?? 0),
    reverted: tallies.reverted + (effect?.reverted ? 1 : 0),
    initiallyCorrect: tallies.initiallyCorrect + (right ? 1 : 0),
    corrected: tallies.corrected + (outcome.corrected ? 1 : 0),
    unresolved: tallies.unresolved + (!right && !outcome.corrected ? 1 : 0),
    rounds: tallies.rounds + outcome.rounds,
  };
}

function addUsage(usage: MethodUsage, entries: readonly UsageEntry[]): MethodUsage {
  let totals = usage;
  for (const entry of entries) {
    totals = addRoleUsage(totals, entry.role, {
      calls: entry.calls,
      usage: { inputTokens: entry.inputTokens, outputTokens: entry.outputTokens },
      costUsd: entry.costUsd,
    });
  }
  return totals;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}
