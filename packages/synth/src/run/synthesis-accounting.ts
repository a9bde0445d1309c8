import { addUsage, emptyUsage, type Usage } from '@forge/provider';
import type { MutationIntent } from '../plan/mutation-intent.js';
import { type AttemptOutcome, type AttemptRecord, attemptOutcomes } from './attempt-record.js';

/** Attempts counted by outcome. */
export type OutcomeCounts = Readonly<Record<AttemptOutcome, number>>;

/** One mode's share of an event. */
export interface ModeAccounting {
  /** Mode id (absent for random synthesis, which has one pseudo-mode). */
  readonly modeId?: string;
  /** Mode name at the time of the event. */
  readonly modeName?: string;
  /** Attempts allocated to the mode. */
  readonly attempts: number;
  /** Its attempts by outcome. */
  readonly outcomes: OutcomeCounts;
}

/** Where every attempt of an event went (the paper's Figure 3a, per event and per mode). */
export interface SynthesisAccounting {
  /** Attempts made (K, when the event ran to the end). */
  readonly attempts: number;
  /** Attempts by outcome; the counts sum to `attempts`. */
  readonly outcomes: OutcomeCounts;
  /** Per mode, in slot order of the modes. */
  readonly modes: readonly ModeAccounting[];
  /** Per intent, for the intents that occurred. */
  readonly intents: Readonly<Partial<Record<MutationIntent, OutcomeCounts>>>;
  /** Attempts by `reasonCode` (finer than the outcome: `invalid-json`, `near`, `validity`, …). */
  readonly reasons: Readonly<Record<string, number>>;
  /** Token counts of the generator and verifier agents. */
  readonly usage: { readonly generate: Usage; readonly verify: Usage };
  /** Summed cost in USD, when the models report it. */
  readonly costUsd?: number;
}

/** Counts with every outcome at zero. */
export function emptyOutcomeCounts(): Record<AttemptOutcome, number> {
  return Object.fromEntries(attemptOutcomes.map((outcome) => [outcome, 0])) as Record<
    AttemptOutcome,
    number
  >;
}

/** Tallies attempt records (in slot order) into an accounting. */
export function accountAttempts(records: readonly AttemptRecord[]): SynthesisAccounting {
  const outcomes = emptyOutcomeCounts();
  const modes = new Map<
    string,
    {
      modeId?: string;
      modeName?: string;
      attempts: number;
      outcomes: Record<AttemptOutcome, number>;
    }
  >();
  const intents: Partial<Record<MutationIntent, Record<AttemptOutcome, number>>> = {};
  const reasons: Record<string, number> = {};
  let generate = emptyUsage();
  let verify = emptyUsage();
  let costUsd: number | undefined;
  for (const record of records) {
    outcomes[record.outcome]++;
    const key = record.modeId ?? '';
    let mode = modes.get(key);
    if (mode === undefined) {
      mode = {
        ...(record.modeId === undefined ? {} : { modeId: record.modeId }),
        ...(record.modeName === undefined ? {} : { modeName: record.modeName }),
        attempts: 0,
        outcomes: emptyOutcomeCounts(),
      };
      modes.set(key, mode);
    }
    mode.attempts++;
    mode.outcomes[record.outcome]++;
    const intent = intents[record.intent] ?? emptyOutcomeCounts();
    intent[record.outcome]++;
    intents[record.intent] = intent;
    reasons[record.reasonCode] = (reasons[record.reasonCode] ?? 0) + 1;
    generate = addUsage(generate, record.usage.generate);
    verify = addUsage(verify, record.usage.verify);
    if (record.costUsd !== undefined) costUsd = (costUsd ?? 0) + record.costUsd;
  }
  return {
    attempts: records.length,
    outcomes,
    modes: [...modes.values()],
    intents,
    reasons,
    usage: { generate, verify },
    ...(costUsd === undefined ? {} : { costUsd }),
  };
}
