import type { Instance, InstanceProblem } from '@forge/program';
import { emptyUsage } from '@forge/provider';
import type { VerifyInstanceResult } from '@forge/verify';
import type { GeneratedCandidate } from '../generate/generate-candidate.js';
import type { ParsedSyntheticExample } from '../generate/parse-synthetic-example.js';
import type { MutationIntent } from '../plan/mutation-intent.js';
import type { SynthesisSlot } from '../plan/synthesis-slot.js';
import type { AttemptRecord, GuardMatch } from './attempt-record.js';

/** The facts of a slot every record of it repeats. */
export interface SlotFacts {
  readonly event: number;
  readonly slot: number;
  readonly modeId?: string;
  readonly modeName?: string;
  readonly modeDescription?: string;
  readonly intent: MutationIntent;
  readonly sourceObservationId?: string;
  readonly sourceInstanceId: string;
  readonly models: { readonly generator: string; readonly verifier: string };
}

/** Collects a slot's facts. */
export function slotFacts(
  event: number,
  slot: SynthesisSlot,
  models: { generator: string; verifier: string },
): SlotFacts {
  return {
    event,
    slot: slot.slot,
    ...(slot.modeId === undefined ? {} : { modeId: slot.modeId }),
    ...(slot.modeName === undefined ? {} : { modeName: slot.modeName }),
    ...(slot.modeDescription === undefined ? {} : { modeDescription: slot.modeDescription }),
    intent: slot.intent,
    ...(slot.observation === undefined ? {} : { sourceObservationId: slot.observation.id }),
    sourceInstanceId: slot.sourceInstance.id,
    models,
  };
}

/** The candidate instance: id `syn-<event>-<slot>` and its provenance in `metadata`. */
export function buildCandidateInstance(
  facts: SlotFacts,
  parsed: Extract<ParsedSyntheticExample, { ok: true }>,
): Instance {
  return {
    id: `syn-${facts.event}-${facts.slot}`,
    input: parsed.input,
    gold: parsed.gold,
    metadata: {
      synthetic: true,
      event: facts.event,
      slot: facts.slot,
      ...(facts.modeId === undefined ? {} : { modeId: facts.modeId }),
      ...(facts.modeName === undefined ? {} : { modeName: facts.modeName }),
      ...(facts.modeDescription === undefined ? {} : { modeDescription: facts.modeDescription }),
      intent: facts.intent,
      ...(facts.sourceObservationId === undefined
        ? {}
        : { sourceObservationId: facts.sourceObservationId }),
      sourceInstanceId: facts.sourceInstanceId,
      generatorModel: facts.models.generator,
      verifierModel: facts.models.verifier,
      ...(parsed.converted.length === 0 ? {} : { convertedFields: parsed.converted }),
    },
  };
}

/** The admitted instance: the candidate plus the verifier's reasons and the attempt's usage. */
export function buildAdmittedInstance(record: AttemptRecord): Instance {
  const candidate = record.instance;
  if (candidate === undefined || record.verdict === undefined || !record.verdict.ok) {
    throw new Error(`attempt ${record.event}/${record.slot} has no verified candidate`);
  }
  return {
    ...candidate,
    metadata: {
      ...candidate.metadata,
      validityReason: record.verdict.validityReason,
      faithfulnessReason: record.verdict.faithfulnessReason,
      usage: record.usage,
    },
  };
}

function base(
  facts: SlotFacts,
  generation: GeneratedCandidate,
): Omit<AttemptRecord, 'outcome' | 'reasonCode' | 'reason'> {
  return {
    event: facts.event,
    slot: facts.slot,
    ...(facts.modeId === undefined ? {} : { modeId: facts.modeId }),
    ...(facts.modeName === undefined ? {} : { modeName: facts.modeName }),
    ...(facts.modeDescription === undefined ? {} : { modeDescription: facts.modeDescription }),
    intent: facts.intent,
    ...(facts.sourceObservationId === undefined
      ? {}
      : { sourceObservationId: facts.sourceObservationId }),
    sourceInstanceId: facts.sourceInstanceId,
    generatorTranscript: generation.transcript,
    generatorResponseText: generation.responseText,
    usage: { generate: generation.usage, verify: emptyUsage() },
    ...(generation.costUsd === undefined ? {} : { costUsd: generation.costUsd }),
    models: facts.models,
  };
}

/** Record of an attempt whose answer gave no usable example. */
export function generationFailedRecord(
  facts: SlotFacts,
  generation: GeneratedCandidate,
  parsed: Extract<ParsedSyntheticExample, { ok: false }>,
): AttemptRecord {
  return {
    ...base(facts, generation),
    outcome: 'generation-failed',
    reasonCode: parsed.code,
    reason: parsed.reason,
  };
}

/**
 * Record of an attempt whose coerced example the signature's schemas do not parse (a label
 * outside a `z.enum`): a failed generation, with the candidate kept for auditing.
 */
export function schemaMismatchRecord(
  facts: SlotFacts,
  generation: GeneratedCandidate,
  candidate: Instance,
  problems: readonly InstanceProblem[],
): AttemptRecord {
  return {
    ...base(facts, generation),
    outcome: 'generation-failed',
    reasonCode: 'schema-mismatch',
    reason: `does not fit the program's schemas: ${problems
      .map((problem) => `${problem.path}: ${problem.message}`)
      .join('; ')}`,
    instance: candidate,
  };
}

/** Record of an attempt stopped by a guard. */
export function guardRecord(
  facts: SlotFacts,
  generation: GeneratedCandidate,
  candidate: Instance,
  match: GuardMatch,
): AttemptRecord {
  const percent = `${Math.round(match.score * 100)}%`;
  const [outcome, reasonCode, reason] =
    match.guard === 'leakage'
      ? ([
          'leaked',
          'leak-ngram-overlap',
          `input reproduces ${percent} of the n-grams of evaluation item ${match.matchedId}`,
        ] as const)
      : match.kind === 'exact'
        ? ([
            'duplicate',
            match.conflictingGold ? 'duplicate-conflicting-gold' : 'duplicate-exact',
            `same input as ${match.matchedId} (ignoring case, punctuation and spacing)${match.conflictingGold ? ' but a different gold' : ''}`,
          ] as const)
        : ([
            'duplicate',
            'duplicate-near',
            `near-duplicate of ${match.matchedId}: input similarity ${match.score.toFixed(2)} and the same gold`,
          ] as const);
  return {
    ...base(facts, generation),
    outcome,
    reasonCode,
    reason,
    instance: candidate,
    guardMatch: match,
  };
}

/** Record of an attempt that reached the verifier: failed verification, rejection or admission. */
export function finishVerifiedAttempt(
  facts: SlotFacts,
  generation: GeneratedCandidate,
  candidate: Instance,
  verification: VerifyInstanceResult,
): AttemptRecord {
  const common = {
    ...base(facts, generation),
    instance: candidate,
    verdict: verification.verdict,
    verifierTranscript: verification.transcript,
    verifierResponseText: verification.responseText,
    usage: { generate: generation.usage, verify: verification.usage },
    ...costOf(generation.costUsd, verification.costUsd),
  };
  const verdict = verification.verdict;
  if (!verdict.ok) {
    return {
      ...common,
      outcome: 'verification-failed',
      // A cut-off or empty answer says so; any other broken verdict is malformed.
      reasonCode:
        verdict.code === 'truncated' || verdict.code === 'empty'
          ? verdict.code
          : 'malformed-verdict',
      reason: verdict.reason,
    };
  }
  if (verdict.validity && verdict.faithfulness) {
    const record: AttemptRecord = {
      ...common,
      outcome: 'admitted',
      reasonCode: 'admitted',
      reason: 'valid and faithful',
    };
    return { ...record, instance: buildAdmittedInstance(record) };
  }
  if (!verdict.validity && !verdict.faithfulness) {
    return {
      ...common,
      outcome: 'rejected-both',
      reasonCode: 'invalid-and-unfaithful',
      reason: `invalid: ${verdict.validityReason} — unfaithful: ${verdict.faithfulnessReason}`,
    };
  }
  return verdict.validity
    ? {
        ...common,
        outcome: 'rejected-faithfulness',
        reasonCode: 'unfaithful',
        reason: verdict.faithfulnessReason,
      }
    : {
        ...common,
        outcome: 'rejected-validity',
        reasonCode: 'invalid',
        reason: verdict.validityReason,
      };
}

function costOf(generate: number | undefined, verify: number | undefined): { costUsd?: number } {
  if (generate === undefined && verify === undefined) return {};
  return { costUsd: (generate ?? 0) + (verify ?? 0) };
}
