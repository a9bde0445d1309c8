import { type CheckpointRecord, minibatchRecord, validationPassRecord } from '@forge/method';
import { createRandom, type EvaluatedExecution, type Instance } from '@forge/program';
import { addCallUsage, addTaskUsage } from './add-usage.js';
import { nextMinibatch } from './epoch-shuffled-sampler.js';
import type { GepaEnvironment, IterationOutcome } from './gepa-environment.js';
import { frontTieOrder } from './gepa-settings.js';
import { addCandidate, bestCandidateIndex, type GepaState, scoresById, sum } from './gepa-state.js';
import { indexOfMax, instanceFronts, selectFromParetoFront } from './pareto-front.js';
import { reflectionProposalRecords } from './proposal-records.js';
import { reflectiveDataset } from './reflective-dataset.js';

/**
 * One reflective iteration (the reference's `ReflectiveMutationProposer.propose` plus the
 * engine's acceptance): select a parent, evaluate it on the next minibatch, skip when it is
 * perfect there, reflect on the chosen components, evaluate the child on the same minibatch,
 * and accept it only on a strictly higher sum, then validate it in full.
 */
export async function reflectiveIteration(
  state: GepaState,
  environment: GepaEnvironment,
): Promise<IterationOutcome> {
  const { settings, components } = environment;
  const iteration = state.iteration;
  const parentIndex = selectParent(state, environment);
  const drawn = nextMinibatch(state.sampler, {
    seed: environment.seed,
    iteration,
    batchSize: environment.batchSize,
    trainingSize: environment.train.length,
  });
  const minibatch = drawn.positions.map((position) => environment.train[position] as Instance);
  const parent = state.candidates[parentIndex];
  if (parent === undefined) throw new RangeError(`no candidate ${parentIndex}`);
  const parentEvaluations = await environment.evaluate(
    parent.prompts,
    minibatch,
    'parent',
    iteration,
  );
  const parentScores = scoresOf(parentEvaluations);
  let next: GepaState = {
    ...state,
    sampler: drawn.state,
    evaluationsUsed: state.evaluationsUsed + minibatch.length,
    usage: addTaskUsage(state.usage, parentEvaluations),
  };
  const base = {
    iteration,
    kind: 'reflection',
    parent: parentIndex,
    minibatch: minibatch.map((instance) => instance.id),
    parentScores,
  };
  const finish = (
    outcome: string,
    data: Record<string, unknown>,
    reported: readonly CheckpointRecord[] = [],
  ): IterationOutcome => {
    const done = { ...next, iteration: iteration + 1 };
    return {
      state: done,
      outcome,
      records: [
        {
          kind: 'iteration',
          step: iteration,
          data: { ...base, ...data, outcome, evaluationsUsed: done.evaluationsUsed },
        },
        ...reported,
      ],
    };
  };

  if (settings.skipPerfectScore && parentScores.every((score) => score >= settings.perfectScore)) {
    next = { ...next, counts: { ...next.counts, skippedPerfect: next.counts.skippedPerfect + 1 } };
    return finish('skipped-perfect', {});
  }

  // Round robin advances the parent's pointer at selection time, whatever the reflection yields.
  let chosen: readonly string[];
  if (settings.componentSelection === 'all') chosen = components;
  else {
    chosen = [components[parent.nextComponent % components.length] as string];
    const advanced = { ...parent, nextComponent: (parent.nextComponent + 1) % components.length };
    next = {
      ...next,
      candidates: next.candidates.map((candidate, index) =>
        index === parentIndex ? advanced : candidate,
      ),
    };
  }

  const reflectAll = () =>
    Promise.all(
      chosen.map(async (component) => {
        const records = reflectiveDataset(parentEvaluations, component);
        if (records.length === 0) return { component, reflected: undefined };
        const reflected = await environment.reflect({
          component,
          currentText: parent.prompts[component] ?? '',
          records,
          iteration,
        });
        return { component, reflected };
      }),
    );
  let reflections: Awaited<ReturnType<typeof reflectAll>>;
  if (settings.profile === 'paper') reflections = await reflectAll();
  else {
    // The reference (reflective_mutation.py:258–272) retries a failed reflection once, then
    // skips the iteration with its parent's minibatch already spent; the paper profile lets the
    // failure (after the provider's own retries) stop the run.
    const attempted = await reflectWithOneRetry(reflectAll, environment);
    if ('failure' in attempted) {
      next = {
        ...next,
        counts: { ...next.counts, reflectionFailed: (next.counts.reflectionFailed ?? 0) + 1 },
      };
      environment.note(
        'reflection-failed',
        `reflection for ${chosen.join(', ')} failed twice (${attempted.failure}); iteration skipped`,
        iteration,
        { components: chosen, error: attempted.failure },
      );
      return finish('reflection-failed', { components: chosen, error: attempted.failure });
    }
    reflections = attempted.value;
  }
  const newTexts: Record<string, string> = {};
  const failures: Record<string, string> = {};
  for (const { component, reflected } of reflections) {
    if (reflected === undefined) {
      failures[component] = 'component-not-invoked';
      continue;
    }
    next = { ...next, usage: addCallUsage(next.usage, 'reflect', reflected.result) };
    if (reflected.extracted.ok) newTexts[component] = reflected.extracted.instruction;
    else failures[component] = reflected.extracted.reason;
  }
  const rewritten = Object.keys(newTexts);
  const proposals = (
    outcome: 'accepted' | 'rejected' | 'no-op',
    childScores?: readonly number[],
    candidate?: number,
    childEvaluations?: readonly EvaluatedExecution[],
  ): CheckpointRecord[] => [
    ...reflectionProposalRecords({
      iteration,
      parent: parentIndex,
      parentPrompts: parent.prompts,
      chosen,
      answers: new Map(
        reflections.flatMap(({ component, reflected }) =>
          reflected === undefined ? [] : [[component, reflected.result.text] as const],
        ),
      ),
      newTexts,
      failures,
      outcome,
      minibatch: base.minibatch,
      parentScores,
      ...(childScores === undefined ? {} : { childScores }),
      ...(candidate === undefined ? {} : { candidate }),
    }),
    // What the reflector saw, and how the proposal did on the same instances.
    minibatchRecord({
      step: iteration,
      parent: parentIndex,
      parentEvaluations,
      ...(childEvaluations === undefined ? {} : { proposalEvaluations: childEvaluations }),
    }),
  ];
  if (rewritten.length === 0) {
    next = { ...next, counts: { ...next.counts, noProposal: next.counts.noProposal + 1 } };
    environment.note(
      'reflection-no-op',
      `no new instruction for ${chosen.join(', ')} (${Object.values(failures).join(', ')})`,
      iteration,
      { components: chosen, reasons: failures },
    );
    return finish('no-proposal', { components: chosen, reasons: failures }, proposals('no-op'));
  }

  const childPrompts = { ...parent.prompts, ...newTexts };
  const childEvaluations = await environment.evaluate(
    childPrompts,
    minibatch,
    'proposal',
    iteration,
  );
  const childScores = scoresOf(childEvaluations);
  next = {
    ...next,
    evaluationsUsed: next.evaluationsUsed + minibatch.length,
    usage: addTaskUsage(next.usage, childEvaluations),
  };
  const parentSum = sum(parentScores);
  const childSum = sum(childScores);
  const detail = { components: rewritten, reasons: failures, childScores, parentSum, childSum };
  if (!(childSum > parentSum)) {
    next = { ...next, counts: { ...next.counts, rejected: next.counts.rejected + 1 } };
    return finish(
      'rejected',
      detail,
      proposals('rejected', childScores, undefined, childEvaluations),
    );
  }

  const validationEvaluations = await environment.evaluate(
    childPrompts,
    environment.validation,
    'validation',
    iteration,
  );
  const previousBest = bestCandidateIndex(next);
  next = addCandidate(
    { ...next, usage: addTaskUsage(next.usage, validationEvaluations) },
    {
      prompts: childPrompts,
      parents: [parentIndex],
      origin: 'reflection',
      components: rewritten,
      scores: scoresOf(validationEvaluations),
      iteration,
    },
  );
  const merge = next.merge;
  next = {
    ...next,
    counts: { ...next.counts, accepted: next.counts.accepted + 1 },
    merge: {
      ...merge,
      lastIterationFoundNew: true,
      due:
        settings.useMerge && merge.accepted < settings.maxMergeInvocations
          ? merge.due + 1
          : merge.due,
    },
  };
  environment.validated(next, previousBest);
  const candidate = next.candidates.length - 1;
  const done = finish('accepted', { ...detail, candidate }, [
    ...proposals('accepted', childScores, candidate, childEvaluations),
    validationPassRecord(candidate, iteration, validationEvaluations),
  ]);
  return {
    ...done,
    records: [
      ...done.records,
      {
        kind: 'candidate',
        step: iteration,
        data: {
          candidate,
          parents: [parentIndex],
          origin: 'reflection',
          components: rewritten,
          validation: next.candidates[candidate]?.validation,
          prompts: childPrompts,
          validationScores: scoresById(
            environment.validation,
            next.candidates[candidate]?.scores ?? [],
          ),
          evaluationsUsed: next.evaluationsUsed,
        },
      },
    ],
  };
}

function selectParent(state: GepaState, environment: GepaEnvironment): number {
  const aggregates = state.candidates.map((candidate) => candidate.validation);
  if (environment.settings.candidateSelection === 'current-best') return indexOfMax(aggregates);
  const fronts = instanceFronts(state.candidates.map((candidate) => candidate.scores));
  return selectFromParetoFront(
    fronts,
    aggregates,
    createRandom(environment.seed, 'gepa-select', state.iteration),
    frontTieOrder(environment.settings),
  );
}

async function reflectWithOneRetry<T>(
  reflect: () => Promise<T>,
  environment: GepaEnvironment,
): Promise<{ readonly value: T } | { readonly failure: string }> {
  let failure = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return { value: await reflect() };
    } catch (error) {
      // An abort is the user's, not the model's: it ends the run as in the paper profile.
      if (environment.isAborted()) throw error;
      failure = error instanceof Error ? error.message : String(error);
    }
  }
  return { failure };
}

/** The scores of evaluations, in order. */
export function scoresOf(evaluations: readonly EvaluatedExecution[]): number[] {
  return evaluations.map((evaluated) => evaluated.evaluation.score);
}
