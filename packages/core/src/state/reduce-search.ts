import { advanceEpoch, applyAssignment } from '@forge/memory';
import { refreshSampler } from '../sampler/minibatch-sampler.js';
import type { SearchAction } from './search-action.js';
import { type CandidateRecord, meanScore, type SearchState } from './search-state.js';
import { addUsageTotals } from './usage-totals.js';

/**
 * The only way the search state changes: a pure function of the state and one action. Replaying
 * a run's saved actions from `createSearchState` reproduces its state exactly.
 */
export function reduceSearch(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'seed-evaluated': {
      if (state.candidates.length > 0)
        throw new Error('seed-evaluated: the seed is already evaluated');
      assertRow(action.validationScores, state.validationIds.length);
      const seed: CandidateRecord = {
        index: 0,
        prompts: action.prompts,
        parent: null,
        module: null,
        step: null,
        evaluationsAtDiscovery: state.evaluationsUsed,
        validationScore: meanScore(action.validationScores),
      };
      return {
        ...state,
        candidates: [seed],
        validationScores: [action.validationScores],
        bestCandidate: 0,
        evaluationsUsed: state.evaluationsUsed + action.validationScores.length,
        usage: addUsageTotals(state.usage, action.usage),
      };
    }
    case 'step-completed': {
      const { record } = action;
      if (record.step !== state.step) {
        throw new Error(`step-completed: expected step ${state.step}, got ${record.step}`);
      }
      let { candidates, validationScores, bestCandidate } = state;
      let improved = false;
      if (action.accepted !== undefined) {
        assertRow(action.accepted.validationScores, state.validationIds.length);
        const candidate: CandidateRecord = {
          index: candidates.length,
          prompts: action.accepted.prompts,
          parent: record.parent,
          module: record.module,
          step: record.step,
          evaluationsAtDiscovery:
            state.evaluationsUsed + record.evaluations - action.accepted.validationScores.length,
          validationScore: meanScore(action.accepted.validationScores),
        };
        candidates = [...candidates, candidate];
        validationScores = [...validationScores, action.accepted.validationScores];
        const best = candidates[bestCandidate] as CandidateRecord;
        // SPEC §3: ties go to the earliest candidate, so only a strict gain moves the best.
        if (candidate.validationScore > best.validationScore) {
          bestCandidate = candidate.index;
          improved = true;
        }
      }
      let memory = state.memory;
      for (const assignment of action.assignments ?? []) {
        memory = applyAssignment(
          memory,
          assignment.observation,
          assignment.responseText,
          assignment.finishReason,
        ).state;
      }
      return {
        ...state,
        memory,
        candidates,
        validationScores,
        bestCandidate,
        sampler: action.sampler,
        step: state.step + 1,
        evaluationsUsed: state.evaluationsUsed + record.evaluations,
        stepsSinceImprovement: improved ? 0 : state.stepsSinceImprovement + 1,
        usage: addUsageTotals(state.usage, action.usage),
      };
    }
    case 'synthesis-completed': {
      if (action.event !== state.synthesisEvents) {
        throw new Error(
          `synthesis-completed: expected event ${state.synthesisEvents}, got ${action.event}`,
        );
      }
      const newIds = action.admitted.map((instance) => instance.id);
      const trainingIds = [...state.trainingIds, ...newIds];
      const usage = action.accounting.usage;
      return {
        ...state,
        trainingIds,
        syntheticInstances: [...state.syntheticInstances, ...action.admitted],
        // A.3: unconsumed and new ids first, then the consumed ones.
        sampler: refreshSampler(state.sampler, {
          ids: trainingIds,
          newIds,
          size: state.minibatchSize,
          seed: state.seed,
          event: action.event,
        }),
        // A.4: history kept, the active catalogue starts empty.
        memory: advanceEpoch(state.memory),
        synthesisEvents: state.synthesisEvents + 1,
        stepsSinceImprovement: 0,
        usage: addUsageTotals(state.usage, [
          // The accounting does not split cost by agent; it is counted under `generate`.
          {
            role: 'generate',
            calls: action.attempts.length,
            usage: usage.generate,
            costUsd: action.accounting.costUsd,
          },
          {
            role: 'verify',
            calls: action.attempts.filter((attempt) => attempt.verifierResponseText !== undefined)
              .length,
            usage: usage.verify,
          },
        ]),
        synthesis: [
          ...state.synthesis,
          {
            event: action.event,
            step: state.step,
            evaluationsUsed: state.evaluationsUsed,
            epoch: state.memory.epoch,
            attempts: action.accounting.attempts,
            admitted: newIds,
            outcomes: action.accounting.outcomes,
          },
        ],
      };
    }
    default: {
      const unknown: never = action;
      throw new Error(`reduceSearch: unknown action ${JSON.stringify(unknown)}`);
    }
  }
}

function assertRow(scores: readonly number[], length: number): void {
  if (scores.length !== length) {
    throw new Error(`expected ${length} validation scores, got ${scores.length}`);
  }
}
