import {
  type CheckpointRecord,
  formatScore,
  type MethodProposalOutcome,
  proposalRecord,
} from '@forge/method';
import type { Prompts } from '@forge/program';

/**
 * The report's proposal records of one reflective iteration: one per component the reflector
 * was asked about, with its whole answer, the parent's text and the proposed one (a component
 * whose answer held no usable instruction is a no-op with the reason).
 */
export function reflectionProposalRecords(options: {
  readonly iteration: number;
  readonly parent: number;
  readonly parentPrompts: Prompts;
  readonly chosen: readonly string[];
  /** The reflector's whole answer by component (absent when it was not asked). */
  readonly answers: ReadonlyMap<string, string>;
  readonly newTexts: Readonly<Record<string, string>>;
  readonly failures: Readonly<Record<string, string>>;
  readonly outcome: MethodProposalOutcome;
  readonly minibatch: readonly string[];
  readonly parentScores: readonly number[];
  readonly childScores?: readonly number[];
  readonly candidate?: number;
}): CheckpointRecord[] {
  return options.chosen.map((component) => {
    const proposed = options.newTexts[component];
    const answer = options.answers.get(component);
    return proposalRecord({
      step: options.iteration,
      parent: options.parent,
      module: component,
      kind: 'reflection',
      outcome: proposed === undefined ? 'no-op' : options.outcome,
      ...(proposed === undefined
        ? { noOpReason: options.failures[component] ?? 'no-proposal' }
        : {}),
      minibatch: options.minibatch,
      parentScores: options.parentScores,
      ...(options.childScores === undefined || proposed === undefined
        ? {}
        : { proposalScores: options.childScores }),
      ...(options.candidate === undefined || proposed === undefined
        ? {}
        : { candidate: options.candidate }),
      ...(options.parentPrompts[component] === undefined
        ? {}
        : { parentPrompt: options.parentPrompts[component] }),
      ...(proposed === undefined ? {} : { proposedPrompt: proposed }),
      ...(answer === undefined ? {} : { answers: [{ role: 'reflect', text: answer }] }),
    });
  });
}

/**
 * The report's proposal records of one merge: one per component the merge took from another
 * candidate than its first parent (the first component when it took none), against the first
 * parent's text, judged on the validation subsample. A merge asks no model, so it has no answer.
 */
export function mergeProposalRecords(options: {
  readonly iteration: number;
  readonly id1: number;
  readonly id2: number;
  readonly ancestor: number;
  readonly components: readonly string[];
  readonly sources: readonly number[];
  readonly firstParentPrompts: Prompts;
  readonly mergedPrompts: Prompts;
  readonly subsample: readonly string[];
  readonly firstParentScores: readonly number[];
  readonly mergedScores: readonly number[];
  readonly parentSums: readonly number[];
  readonly accepted: boolean;
  readonly candidate?: number;
}): CheckpointRecord[] {
  const changed = options.components.filter(
    (component) => options.mergedPrompts[component] !== options.firstParentPrompts[component],
  );
  const shown = changed.length > 0 ? changed : options.components.slice(0, 1);
  const sums = options.parentSums.map((value) => formatScore(value));
  const mergedSum = options.mergedScores.reduce((total, score) => total + score, 0);
  return shown.map((component) =>
    proposalRecord({
      step: options.iteration,
      parent: options.id1,
      otherParents: [options.id2],
      module: component,
      kind: 'merge',
      outcome: options.accepted ? 'accepted' : 'rejected',
      minibatch: options.subsample,
      parentScores: options.firstParentScores,
      proposalScores: options.mergedScores,
      ...(options.candidate === undefined ? {} : { candidate: options.candidate }),
      ...(options.firstParentPrompts[component] === undefined
        ? {}
        : { parentPrompt: options.firstParentPrompts[component] }),
      ...(options.mergedPrompts[component] === undefined
        ? {}
        : { proposedPrompt: options.mergedPrompts[component] }),
      details: [
        `merge of #${options.id1} and #${options.id2} over their common ancestor #${options.ancestor}`,
        ...options.components.map(
          (name, index) => `${name}: text of #${options.sources[index] ?? '?'}`,
        ),
        `validation subsample sums: #${options.id1} ${sums[0] ?? '?'}, #${options.id2} ${sums[1] ?? '?'}, merged ${formatScore(mergedSum)} (accepted when the merged sum is at least the larger)`,
      ],
    }),
  );
}
