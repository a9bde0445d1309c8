import { type OptimizerAnswerEvent, optimizerAnswer } from '@forge/method';
import type { SearchEvent } from '../events/search-event.js';
import {
  addToTally,
  type ContractTally,
  type ContractWarning,
  contractWarning,
  type OptimizerRole,
  optimizerContracts,
} from './contract-warnings.js';

/** Watches a run's events and tells when an optimizer role's answers mostly break their contract. */
export interface ContractMonitor {
  /** Counts the answers an event reports; returns a warning for each role that just crossed the threshold. */
  observe(event: SearchEvent): ContractWarning[];
  /** The warnings of every role above the threshold now, with the counts so far. */
  warnings(): ContractWarning[];
}

// Outcomes of an attempt in which the verifier answered (guards and failed generations skip it).
const verifierRan = new Set([
  'verification-failed',
  'rejected-validity',
  'rejected-faithfulness',
  'rejected-both',
  'admitted',
]);

/**
 * The optimizer answers a search event reports, as `optimizer-answer` events (an attempt replayed
 * from an interrupted run's journal reports none: they were counted when they were made).
 */
export function answerEventsOf(event: SearchEvent): OptimizerAnswerEvent[] {
  if (event.type === 'attempt-end' && event.fromJournal) return [];
  return answersOf(event).map((answer) =>
    optimizerAnswer({
      role: answer.role,
      reason: answer.broken ? (answer.code ?? answer.reason ?? 'unusable') : undefined,
      contract: optimizerContracts[answer.role],
      ...(answer.text === undefined ? {} : { text: answer.text }),
      ...('step' in event && typeof event.step === 'number' ? { step: event.step } : {}),
    }),
  );
}

/** The answers an event reports, by role. */
function answersOf(
  event: SearchEvent,
): { role: OptimizerRole; broken: boolean; text?: string; reason?: string; code?: string }[] {
  switch (event.type) {
    case 'proposal-made':
      // An unchanged prompt follows the contract; it is a no-op of the search, not of the model.
      return [
        {
          role: 'reflect',
          broken: event.outcome === 'no-op' && event.reason !== 'unchanged',
          ...(event.excerpt === undefined ? {} : { text: event.excerpt }),
          ...(event.reason === undefined ? {} : { reason: event.reason }),
        },
      ];
    case 'memory-updated':
      return [
        {
          role: 'assign',
          broken: event.outcome.action === 'no-op',
          ...(event.excerpt === undefined ? {} : { text: event.excerpt }),
          ...(event.outcome.action === 'no-op' ? { reason: event.outcome.reason } : {}),
        },
      ];
    case 'attempt-end': {
      const generationFailed = event.outcome === 'generation-failed';
      const answers: {
        role: OptimizerRole;
        broken: boolean;
        text?: string;
        reason?: string;
        code?: string;
      }[] = [
        {
          role: 'generate',
          broken: generationFailed,
          ...(generationFailed && event.excerpt !== undefined ? { text: event.excerpt } : {}),
          ...(generationFailed ? { reason: event.reason } : {}),
          ...(generationFailed && event.reasonCode !== undefined ? { code: event.reasonCode } : {}),
        },
      ];
      if (verifierRan.has(event.outcome)) {
        const verificationFailed = event.outcome === 'verification-failed';
        answers.push({
          role: 'verify',
          broken: verificationFailed,
          ...(verificationFailed && event.excerpt !== undefined ? { text: event.excerpt } : {}),
          ...(verificationFailed ? { reason: event.reason } : {}),
          ...(verificationFailed && event.reasonCode !== undefined
            ? { code: event.reasonCode }
            : {}),
        });
      }
      return answers;
    }
    default:
      return [];
  }
}

/** A monitor with empty tallies (a resumed run counts from its restart). */
export function createContractMonitor(): ContractMonitor {
  const tallies = new Map<OptimizerRole, ContractTally>();
  const warned = new Set<OptimizerRole>();
  return {
    observe(event) {
      const crossed: ContractWarning[] = [];
      for (const answer of answersOf(event)) {
        const tally = addToTally(tallies.get(answer.role), answer);
        tallies.set(answer.role, tally);
        const warning = contractWarning(answer.role, tally);
        if (warning !== undefined && !warned.has(answer.role)) {
          warned.add(answer.role);
          crossed.push(warning);
        }
      }
      return crossed;
    },
    warnings() {
      const warnings: ContractWarning[] = [];
      for (const [role, tally] of tallies) {
        const warning = contractWarning(role, tally);
        if (warning !== undefined) warnings.push(warning);
      }
      return warnings;
    },
  };
}
