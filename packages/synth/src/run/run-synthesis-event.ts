import type { Instance, Signature } from '@forge/program';
import { createLimiter } from '@forge/program';
import {
  type AgentTool,
  formatModelString,
  InvalidArgumentError,
  type LanguageModel,
} from '@forge/provider';
import { verifyInstance } from '@forge/verify';
import { generateCandidate } from '../generate/generate-candidate.js';
import { sourceFeedback } from '../generate/generator-prompt.js';
import { DuplicateIndex } from '../guards/duplicate-index.js';
import { resolveGuards, type SynthesisGuardOptions } from '../guards/guard-options.js';
import { LeakageIndex } from '../guards/leakage-index.js';
import type { SynthesisSlot } from '../plan/synthesis-slot.js';
import type { AttemptRecord } from './attempt-record.js';
import {
  buildCandidateInstance,
  finishVerifiedAttempt,
  generationFailedRecord,
  guardRecord,
  type SlotFacts,
  schemaMismatchRecord,
  slotFacts,
} from './attempt-records.js';
import { checkGuards, passedGuards } from './check-guards.js';
import { accountAttempts, type SynthesisAccounting } from './synthesis-accounting.js';
import { SynthesisError } from './synthesis-error.js';
import type { SynthesisJournal } from './synthesis-journal.js';

/** Options of `runSynthesisEvent`. */
export interface RunSynthesisEventOptions {
  /** Event number; admitted ids are `syn-<event>-<slot>`. */
  readonly event: number;
  /** The planned slots (`planSynthesisEvent`). */
  readonly slots: readonly SynthesisSlot[];
  /** The generator model. */
  readonly generatorModel: LanguageModel;
  /** The verifier model (may be the generator model). */
  readonly verifierModel: LanguageModel;
  /** The task signature. */
  readonly signature: Signature;
  /** The benchmark's synthesis tools, given to both agents. */
  readonly tools?: readonly AgentTool[];
  /** D: the training data so far (original and admitted synthetic), for the duplicate guard. */
  readonly existingInstances?: readonly Instance[];
  /** Instances no candidate may reproduce (Forge passes validation only), for the leakage guard. */
  readonly holdout?: readonly Instance[];
  /** Coercion mode and guard settings (lossless coercion, both guards on by default). */
  readonly guards?: SynthesisGuardOptions;
  /** Agent runs (generation or verification) in flight at once. Default 4. */
  readonly concurrency?: number;
  /** Maximum model calls per agent run. Default 8. */
  readonly maxSteps?: number;
  /** Output-token limit per model call. */
  readonly maxOutputTokens?: number;
  /** Finished attempts to re-use and to record into. */
  readonly journal?: SynthesisJournal;
  /**
   * Called once per attempt when its record is final (in completion order), synchronously right
   * before the record is put in the journal: whatever the listener hands a store that the
   * journal's `put` saves in its own transaction (the run store's does) is saved with the attempt.
   */
  readonly onAttemptEnd?: (record: AttemptRecord, info: { readonly fromJournal: boolean }) => void;
  /** Cancels the event; finished attempts stay in the journal. */
  readonly abortSignal?: AbortSignal;
}

/** What an event produced. */
export interface SynthesisEventResult {
  /** The event number. */
  readonly event: number;
  /** One record per slot, in slot order. */
  readonly attempts: readonly AttemptRecord[];
  /** Admitted instances in slot order, ids `syn-<event>-<slot>`, provenance in `metadata`. */
  readonly admitted: readonly Instance[];
  /** Outcomes per event, mode, intent and reason; usage and cost. */
  readonly accounting: SynthesisAccounting;
}

/** Where a slot stands once its generation is over (or its record was found in the journal). */
type Stage =
  | { readonly kind: 'final'; readonly record: AttemptRecord }
  | {
      readonly kind: 'candidate';
      readonly facts: SlotFacts;
      readonly slot: SynthesisSlot;
      readonly candidate: Instance;
      readonly generation: Awaited<ReturnType<typeof generateCandidate>>;
    };

/** Thrown into slots that did not start because another slot failed. */
class SkippedAttempt extends Error {}

/**
 * Runs one synthesis event (Algorithm 3, lines 8–17, plus Forge's guards): for every slot,
 * generate → coerce → the signature's schema check (typed programs) → leakage and duplicate
 * guards → verify → admit. Every attempt ends in exactly
 * one recorded outcome.
 *
 * Slots run concurrently under a limiter, but every decision is taken by slot index: guards are
 * decided in slot order, each slot compared with D, the slots' source instances and the
 * candidates of lower-numbered slots that passed the guards. So the result never depends on the
 * order in which calls complete. With a journal, finished attempts are re-used and new ones saved.
 *
 * A model-call failure does not become an outcome: no new calls start, the calls in flight finish
 * and are journaled, and the event rejects with a `SynthesisError` (an abort rejects with the
 * abort reason).
 */
export async function runSynthesisEvent(
  options: RunSynthesisEventOptions,
): Promise<SynthesisEventResult> {
  const slots = orderedSlots(options.slots);
  const guards = resolveGuards(options.guards);
  const limit = createLimiter(options.concurrency ?? 4);
  const models = {
    generator: formatModelString(options.generatorModel),
    verifier: formatModelString(options.verifierModel),
  };
  const known =
    guards.duplicates && new DuplicateIndex(options.signature, guards.duplicates.nearThreshold);
  const siblings =
    guards.duplicates && new DuplicateIndex(options.signature, guards.duplicates.nearThreshold);
  if (known) {
    for (const instance of options.existingInstances ?? []) known.add(instance);
    for (const slot of slots) known.add(slot.sourceInstance);
  }
  const leakage =
    guards.leakage && (options.holdout?.length ?? 0) > 0
      ? new LeakageIndex(
          options.signature,
          guards.leakage.ngramSize,
          guards.leakage.threshold,
          options.holdout ?? [],
        )
      : undefined;

  let stopped = false;
  const errors: { slot: number; error: unknown }[] = [];
  const records: (AttemptRecord | undefined)[] = slots.map(() => undefined);
  const limited = <T>(task: () => Promise<T>): Promise<T> =>
    limit(() => {
      if (stopped || options.abortSignal?.aborted) return Promise.reject(new SkippedAttempt());
      return task();
    });
  const finish = async (index: number, record: AttemptRecord, fromJournal: boolean) => {
    // The listener first: the answers it records are then saved by the same transaction as the
    // journal entry, so a run killed in between neither loses nor repeats them on resume.
    options.onAttemptEnd?.(record, { fromJournal });
    if (!fromJournal) await options.journal?.put(record);
    records[index] = record;
  };
  const fail = (slot: number, error: unknown) => {
    stopped = true;
    if (!(error instanceof SkippedAttempt)) errors.push({ slot, error });
  };

  // Phase 1, concurrent: journal look-up or generation and coercion.
  const stages = slots.map(async (slot, index): Promise<Stage> => {
    const facts = slotFacts(options.event, slot, models);
    const saved = await options.journal?.get(options.event, slot.slot);
    if (saved !== undefined) {
      checkJournalRecord(saved, facts);
      await finish(index, saved, true);
      return { kind: 'final', record: saved };
    }
    const generation = await limited(() =>
      generateCandidate({
        model: options.generatorModel,
        signature: options.signature,
        slot,
        tools: options.tools,
        maxSteps: options.maxSteps,
        maxOutputTokens: options.maxOutputTokens,
        coercion: guards.coercion,
        abortSignal: options.abortSignal,
      }),
    );
    if (!generation.parsed.ok) {
      const record = generationFailedRecord(facts, generation, generation.parsed);
      await finish(index, record, false);
      return { kind: 'final', record };
    }
    const candidate = buildCandidateInstance(facts, generation.parsed);
    // A typed program's schemas (an enum's labels) are stricter than the field types coercion
    // checked: an example they do not parse is never supervision, so it never reaches a guard.
    const problems = options.signature.checkInstance?.(candidate) ?? [];
    if (problems.length > 0) {
      const record = schemaMismatchRecord(facts, generation, candidate, problems);
      await finish(index, record, false);
      return { kind: 'final', record };
    }
    return { kind: 'candidate', facts, slot, candidate, generation };
  });
  // The loop below awaits the stages in slot order; a later stage may fail before its turn.
  for (const stage of stages) stage.catch(() => undefined);

  // Phase 2, in slot order: guards; phase 3, concurrent: verification of what passed.
  const verifications: Promise<void>[] = [];
  for (const [index, stagePromise] of stages.entries()) {
    const slotNumber = slots[index]!.slot;
    let stage: Stage;
    try {
      stage = await stagePromise;
    } catch (error) {
      fail(slotNumber, error);
      continue;
    }
    if (stage.kind === 'final') {
      const candidate = stage.record.instance;
      if (siblings && candidate && passedGuards(stage.record.outcome)) siblings.add(candidate);
      continue;
    }
    const match = checkGuards(stage.candidate, { leakage, known, siblings });
    if (match !== undefined) {
      const record = guardRecord(stage.facts, stage.generation, stage.candidate, match);
      verifications.push(finish(index, record, false).catch((error) => fail(slotNumber, error)));
      continue;
    }
    siblings?.add(stage.candidate);
    if (errors.length > 0 || stopped) continue;
    const { facts, slot, candidate, generation } = stage;
    verifications.push(
      limited(() =>
        verifyInstance({
          model: options.verifierModel,
          signature: options.signature,
          instance: candidate,
          context: {
            ...(slot.modeName === undefined ? {} : { modeName: slot.modeName }),
            ...(slot.modeDescription === undefined
              ? {}
              : { modeDescription: slot.modeDescription }),
            intent: slot.intent,
            sourceInstance: slot.sourceInstance,
            ...withFeedback(sourceFeedback(slot)),
            generatorTranscript: generation.transcript,
          },
          tools: options.tools,
          maxSteps: options.maxSteps,
          maxOutputTokens: options.maxOutputTokens,
          abortSignal: options.abortSignal,
        }),
      )
        .then((verification) =>
          finish(index, finishVerifiedAttempt(facts, generation, candidate, verification), false),
        )
        .catch((error) => fail(slotNumber, error)),
    );
  }
  await Promise.all(verifications);

  if (options.abortSignal?.aborted) throw options.abortSignal.reason ?? new Error('aborted');
  if (errors.length > 0) {
    errors.sort((left, right) => left.slot - right.slot);
    const first = errors[0]!;
    throw new SynthesisError({
      event: options.event,
      slots: errors.map((entry) => entry.slot),
      message: `synthesis event ${options.event}: slot ${first.slot} failed: ${(first.error as Error)?.message ?? String(first.error)}`,
      cause: first.error,
    });
  }
  for (const [index, record] of records.entries()) {
    if (record === undefined) {
      throw new SynthesisError({
        event: options.event,
        slots: [slots[index]!.slot],
        message: `synthesis event ${options.event}: slot ${slots[index]!.slot} has no outcome`,
      });
    }
  }
  const attempts = records as AttemptRecord[];
  // An admitted record's instance already carries the verifier's reasons.
  const admitted = attempts
    .filter((record) => record.outcome === 'admitted')
    .map((record) => record.instance as Instance);
  return { event: options.event, attempts, admitted, accounting: accountAttempts(attempts) };
}

function orderedSlots(slots: readonly SynthesisSlot[]): SynthesisSlot[] {
  const ordered = slots.slice().sort((left, right) => left.slot - right.slot);
  for (let index = 1; index < ordered.length; index++) {
    if (ordered[index]!.slot === ordered[index - 1]!.slot) {
      throw new InvalidArgumentError({
        argument: 'slots',
        message: `slots: slot ${ordered[index]!.slot} appears twice`,
      });
    }
  }
  return ordered;
}

function checkJournalRecord(record: AttemptRecord, facts: SlotFacts): void {
  const same =
    record.intent === facts.intent &&
    record.modeId === facts.modeId &&
    record.sourceInstanceId === facts.sourceInstanceId &&
    record.sourceObservationId === facts.sourceObservationId;
  if (!same) {
    throw new SynthesisError({
      event: facts.event,
      slots: [facts.slot],
      message: `synthesis event ${facts.event}: the journal's record of slot ${facts.slot} was made for another seed (mode ${record.modeId ?? '-'}, intent ${record.intent}, source ${record.sourceInstanceId}); was the run's seed or memory changed?`,
    });
  }
}

function withFeedback(feedback: string | undefined): { sourceFeedback?: string } {
  return feedback === undefined ? {} : { sourceFeedback: feedback };
}
