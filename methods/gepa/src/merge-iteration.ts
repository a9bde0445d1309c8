import { type CheckpointRecord, minibatchRecord, validationPassRecord } from '@forge/method';
import { createRandom, type Instance } from '@forge/program';
import { addTaskUsage } from './add-usage.js';
import type { GepaEnvironment, IterationOutcome } from './gepa-environment.js';
import { frontTieOrder } from './gepa-settings.js';
import { addCandidate, bestCandidateIndex, type GepaState, scoresById, sum } from './gepa-state.js';
import { planMerge } from './merge-candidates.js';
import { mergeSubsample } from './merge-subsample.js';
import { dominatorPrograms, instanceFronts } from './pareto-front.js';
import { mergeProposalRecords } from './proposal-records.js';
import { scoresOf } from './reflective-iteration.js';

/** True when this iteration must try a merge first (the engine's schedule, plus a hard cap). */
export function mergeScheduled(state: GepaState, environment: GepaEnvironment): boolean {
  const { settings } = environment;
  return (
    settings.useMerge &&
    state.merge.due > 0 &&
    state.merge.lastIterationFoundNew &&
    // The reference (engine.py:979) only asks for a merge owed; merges owed before the cap was
    // reached still run after it, so it can accept more than `max_merge_invocations`.
    (settings.profile === 'reference' || state.merge.accepted < settings.maxMergeInvocations)
  );
}

/**
 * The merge step (the reference's `MergeProposer.propose` and the engine's merge branch): pick
 * two Pareto dominators with a usable common ancestor, build the merged candidate, evaluate it
 * on a stratified validation subsample, and accept it when its sum there is at least the better
 * parent's (`>=`). Returns `undefined` with the updated state when no merge could be built, so
 * the iteration goes on with a reflective step; any tried merge ends the iteration. A rejected
 * merge does not consume `due`.
 */
export async function mergeIteration(
  state: GepaState,
  environment: GepaEnvironment,
): Promise<{ readonly fellThrough: GepaState } | IterationOutcome> {
  const iteration = state.iteration;
  const random = createRandom(environment.seed, 'gepa-merge', iteration);
  const cleared: GepaState = { ...state, merge: { ...state.merge, lastIterationFoundNew: false } };
  const aggregates = state.candidates.map((candidate) => candidate.validation);
  const fronts = instanceFronts(state.candidates.map((candidate) => candidate.scores));
  const size = environment.settings.mergeSubsampleSize;
  const plan = planMerge({
    pool: {
      candidates: state.candidates.map((candidate) => candidate.prompts),
      parents: state.candidates.map((candidate) => candidate.parents),
      aggregates,
      components: environment.components,
    },
    mergeCandidates: dominatorPrograms(fronts, aggregates, frontTieOrder(environment.settings)),
    log: state.merge.log,
    random,
    // Every candidate is validated in full, so the overlap is the whole validation set.
    hasOverlap: () => environment.validation.length >= size,
  });
  if (plan === undefined) return { fellThrough: cleared };

  const { id1, id2, ancestor } = plan;
  const scores1 = state.candidates[id1]?.scores ?? [];
  const scores2 = state.candidates[id2]?.scores ?? [];
  const positions = mergeSubsample(scores1, scores2, size, random);
  const subsample = positions.map((position) => environment.validation[position] as Instance);
  const evaluations = await environment.evaluate(plan.prompts, subsample, 'merge', iteration);
  const mergedScores = scoresOf(evaluations);
  const parentSums = [
    sum(positions.map((position) => scores1[position] ?? 0)),
    sum(positions.map((position) => scores2[position] ?? 0)),
  ];
  const mergedSum = sum(mergedScores);
  const accepted = mergedSum >= Math.max(...parentSums);
  let next: GepaState = {
    ...cleared,
    evaluationsUsed: cleared.evaluationsUsed + subsample.length,
    usage: addTaskUsage(cleared.usage, evaluations),
    merge: {
      ...cleared.merge,
      log: { ...plan.log, triplets: [...plan.log.triplets, [id1, id2, ancestor]] },
    },
    counts: { ...cleared.counts, mergesTested: cleared.counts.mergesTested + 1 },
  };
  const mergeData = {
    id1,
    id2,
    ancestor,
    sources: plan.sources,
    subsample: subsample.map((instance) => instance.id),
    parentSums,
    mergedScores,
    mergedSum,
    accepted,
  };
  let candidate: number | undefined;
  let validationPass: CheckpointRecord | undefined;
  if (accepted) {
    const validation = await environment.evaluate(
      plan.prompts,
      environment.validation,
      'validation',
      iteration,
    );
    const previousBest = bestCandidateIndex(next);
    next = addCandidate(
      { ...next, usage: addTaskUsage(next.usage, validation) },
      {
        prompts: plan.prompts,
        parents: [id1, id2],
        origin: 'merge',
        components: [],
        ancestor,
        scores: scoresOf(validation),
        iteration,
      },
    );
    next = {
      ...next,
      merge: { ...next.merge, due: next.merge.due - 1, accepted: next.merge.accepted + 1 },
      counts: { ...next.counts, mergesAccepted: next.counts.mergesAccepted + 1 },
    };
    candidate = next.candidates.length - 1;
    validationPass = validationPassRecord(candidate, iteration, validation);
    environment.validated(next, previousBest);
  }
  environment.note(
    accepted ? 'merge-accepted' : 'merge-rejected',
    accepted
      ? `merged ${id1} and ${id2} over ancestor ${ancestor} into candidate ${candidate} (subsample ${mergedSum} ≥ ${Math.max(...parentSums)})`
      : `merge of ${id1} and ${id2} over ancestor ${ancestor} rejected (subsample ${mergedSum} < ${Math.max(...parentSums)})`,
    iteration,
    { ...mergeData, ...(candidate === undefined ? {} : { candidate }) },
  );
  const done = { ...next, iteration: iteration + 1 };
  const outcome = accepted ? 'merge-accepted' : 'merge-rejected';
  return {
    state: done,
    outcome,
    records: [
      {
        kind: 'merge',
        step: iteration,
        data: { ...mergeData, ...(candidate === undefined ? {} : { candidate }) },
      },
      {
        kind: 'iteration',
        step: iteration,
        data: { iteration, kind: 'merge', outcome, evaluationsUsed: done.evaluationsUsed },
      },
      ...mergeProposalRecords({
        iteration,
        id1,
        id2,
        ancestor,
        components: environment.components,
        sources: plan.sources,
        firstParentPrompts: state.candidates[id1]?.prompts ?? {},
        mergedPrompts: plan.prompts,
        subsample: mergeData.subsample,
        firstParentScores: positions.map((position) => scores1[position] ?? 0),
        mergedScores,
        parentSums,
        accepted,
        ...(candidate === undefined ? {} : { candidate }),
      }),
      // The merged prompts' executions on the subsample; the first parent's on these validation
      // instances are in its validation-pass record already, so they are not stored twice.
      minibatchRecord({
        step: iteration,
        parent: id1,
        parentEvaluations: [],
        proposalEvaluations: evaluations,
      }),
      ...(validationPass === undefined ? [] : [validationPass]),
      ...(candidate === undefined
        ? []
        : [
            {
              kind: 'candidate',
              step: iteration,
              data: {
                candidate,
                parents: [id1, id2],
                origin: 'merge',
                ancestor,
                sources: plan.sources,
                validation: done.candidates[candidate]?.validation,
                prompts: plan.prompts,
                validationScores: scoresById(
                  environment.validation,
                  done.candidates[candidate]?.scores ?? [],
                ),
                evaluationsUsed: done.evaluationsUsed,
              },
            },
          ]),
    ],
  };
}
