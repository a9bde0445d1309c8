import { assignObservation, type Observation } from '@forge/memory';
import { evaluateMany } from '@forge/method';
import { createRandom, type EvaluatedExecution, type Instance, type Prompts } from '@forge/program';
import { addUsage, emptyUsage, withCallMetadata } from '@forge/provider';
import type { SearchEvent } from '../events/search-event.js';
import { callReflector, parseReflection } from '../reflection/reflect.js';
import { nextMinibatch } from '../sampler/minibatch-sampler.js';
import { selectParent } from '../selection/select-parent.js';
import type { MemoryAssignment, StepCompletedAction } from '../state/search-action.js';
import type { SearchState } from '../state/search-state.js';
import type { UsageEntry } from '../state/usage-totals.js';
import type { CommitDetails } from '../store/run-store.js';
import { contractExample } from '../warnings/contract-warnings.js';
import type { SearchOptions } from './search-options.js';
import { usesFailureMemory } from './synthesis-options.js';

/** What a step needs besides the state. */
export interface StepContext {
  readonly options: SearchOptions;
  readonly seed: number | string;
  readonly minibatchSize: number;
  readonly instance: (id: string) => Instance;
  readonly validation: readonly Instance[];
  readonly limit: <T>(task: () => Promise<T>) => Promise<T>;
  readonly emit: (event: SearchEvent) => void;
  readonly weights: (state: SearchState) => ArrayLike<number>;
}

/** A step's action, and what it saw beyond it (for reports; never replayed). */
export interface ExecutedStep {
  /** The action that records the step. */
  readonly action: StepCompletedAction;
  /** The reflection and the accepted candidate's validation pass, when the step had them. */
  readonly details: CommitDetails;
}

/**
 * Runs one step of Algorithm 1 (SPEC §3) and returns the action that records it. Effects (model
 * calls) happen here; every decision is drawn from streams named by the seed and the step, and
 * every collection is ordered by index, so the action is the same however calls interleave.
 */
export async function executeStep(context: StepContext, state: SearchState): Promise<ExecutedStep> {
  const { options } = context;
  const step = state.step;
  const parent = selectParent(context.weights(state), createRandom(context.seed, 'select', step));
  const sampled = nextMinibatch(state.sampler, {
    ids: state.trainingIds,
    size: context.minibatchSize,
    seed: context.seed,
  });
  // A.5: round-robin over modules in declaration order.
  const module = state.modules[step % state.modules.length] as string;
  context.emit({ type: 'step-start', step, parent, module, minibatch: sampled.batch });

  const parentPrompts = (state.candidates[parent] as { prompts: Prompts }).prompts;
  const minibatch = sampled.batch.map(context.instance);
  const evaluate = (
    prompts: Prompts,
    instances: readonly Instance[],
    target: 'parent' | 'proposal' | 'validation',
  ) =>
    evaluateMany({
      program: options.program,
      evaluate: options.evaluate,
      model: withCallMetadata(options.taskModel, { step, target }),
      prompts,
      instances,
      limit: context.limit,
      abortSignal: options.abortSignal,
      onEvaluated: (evaluated) =>
        context.emit({
          type: 'evaluation-end',
          step,
          target,
          instanceId: evaluated.instance.id,
          score: evaluated.evaluation.score,
        }),
    });

  const parentEvaluations = await evaluate(parentPrompts, minibatch, 'parent');
  const parentScores = parentEvaluations.map((evaluated) => evaluated.evaluation.score);
  const usage: UsageEntry[] = [taskUsage(parentEvaluations)];
  const base = { step, parent, module, minibatch: sampled.batch, parentScores };
  const imperfect = parentEvaluations.filter((evaluated) => evaluated.evaluation.score < 1);
  if (imperfect.length === 0) {
    return {
      action: complete({ ...base, outcome: 'perfect', evaluations: minibatch.length }),
      details: {},
    };
  }

  // Step 5: the memory branch and the prompt branch run concurrently; the memory branch files
  // observations one after another, in minibatch order (A.4).
  const memoryBranch = usesFailureMemory(options.synthesis)
    ? runMemoryBranch(context, state, parentEvaluations, parent)
    : Promise.resolve(undefined);
  const promptBranch = runPromptBranch();
  const [assignments, prompted] = await Promise.all([memoryBranch, promptBranch]);
  if (assignments !== undefined) usage.push(...assignments.usage);
  return {
    action: complete(prompted.record, prompted.accepted, assignments?.assignments),
    details: prompted.details,
  };

  async function runPromptBranch(): Promise<{
    record: StepCompletedAction['record'];
    accepted?: StepCompletedAction['accepted'];
    details: CommitDetails;
  }> {
    const reflection = await callReflector({
      model: withCallMetadata(options.optimizerModel, { step }),
      module,
      currentPrompt: parentPrompts[module] ?? '',
      imperfect,
      maxOutputTokens: options.reflectionMaxOutputTokens,
      abortSignal: options.abortSignal,
    });
    usage.push({ role: 'reflect', calls: 1, usage: reflection.usage, costUsd: reflection.costUsd });
    const outcome = parseReflection(
      reflection.responseText,
      parentPrompts[module] ?? '',
      reflection.finishReason,
    );
    context.emit({
      type: 'proposal-made',
      step,
      module,
      outcome: outcome.kind,
      ...(outcome.kind === 'no-op'
        ? { reason: outcome.reason, excerpt: contractExample(reflection.responseText) }
        : {}),
    });
    const reflected = {
      step,
      parent,
      module,
      responseText: reflection.responseText,
      ...(outcome.kind === 'proposal' ? { prompt: outcome.prompt } : {}),
    };
    if (outcome.kind === 'no-op') {
      // A.5: the proposal equals the parent; re-evaluating it on the same batch cannot win.
      return {
        record: {
          ...base,
          outcome: 'no-op',
          noOpReason: outcome.reason,
          evaluations: minibatch.length,
        },
        details: { reflection: reflected },
      };
    }
    const proposalPrompts: Prompts = { ...parentPrompts, [module]: outcome.prompt };
    const proposalEvaluations = await evaluate(proposalPrompts, minibatch, 'proposal');
    usage.push(taskUsage(proposalEvaluations));
    const proposalScores = proposalEvaluations.map((evaluated) => evaluated.evaluation.score);
    const parentSum = sum(parentScores);
    const proposalSum = sum(proposalScores);
    if (!(proposalSum > parentSum)) {
      context.emit({ type: 'candidate-rejected', step, parent, parentSum, proposalSum });
      return {
        record: { ...base, outcome: 'rejected', proposalScores, evaluations: 2 * minibatch.length },
        details: { reflection: reflected },
      };
    }
    const candidate = state.candidates.length;
    context.emit({ type: 'candidate-accepted', step, candidate, parent, parentSum, proposalSum });
    const validationEvaluations = await evaluate(proposalPrompts, context.validation, 'validation');
    usage.push(taskUsage(validationEvaluations));
    return {
      record: {
        ...base,
        outcome: 'accepted',
        proposalScores,
        candidate,
        evaluations: 2 * minibatch.length + context.validation.length,
      },
      accepted: {
        prompts: proposalPrompts,
        validationScores: validationEvaluations.map((evaluated) => evaluated.evaluation.score),
      },
      details: {
        reflection: reflected,
        validation: { candidate, evaluations: validationEvaluations },
      },
    };
  }

  function complete(
    record: StepCompletedAction['record'],
    accepted?: StepCompletedAction['accepted'],
    assignments?: readonly MemoryAssignment[],
  ): StepCompletedAction {
    return {
      type: 'step-completed',
      record,
      sampler: sampled.state,
      ...(accepted === undefined ? {} : { accepted }),
      usage,
      ...(assignments === undefined ? {} : { assignments }),
    };
  }
}

/** Files each imperfect parent evaluation in the failure memory, in minibatch order. */
async function runMemoryBranch(
  context: StepContext,
  state: SearchState,
  parentEvaluations: readonly EvaluatedExecution[],
  parent: number,
): Promise<{ assignments: MemoryAssignment[]; usage: UsageEntry[] }> {
  const { options } = context;
  const model = withCallMetadata(options.synthesis?.models?.assign ?? options.optimizerModel, {
    step: state.step,
  });
  let memory = state.memory;
  const assignments: MemoryAssignment[] = [];
  const usage: UsageEntry[] = [];
  for (const [position, evaluated] of parentEvaluations.entries()) {
    if (evaluated.evaluation.score >= 1) continue;
    const observation = toObservation(evaluated, state.step, position, parent);
    const result = await assignObservation({
      model,
      state: memory,
      observation,
      abortSignal: options.abortSignal,
    });
    memory = result.state;
    assignments.push({
      observation,
      responseText: result.responseText,
      ...(result.finishReason === undefined ? {} : { finishReason: result.finishReason }),
      outcome: result.outcome,
    });
    usage.push({ role: 'assign', calls: 1, usage: result.usage, costUsd: result.costUsd });
    context.emit({
      type: 'memory-updated',
      step: state.step,
      observationId: observation.id,
      outcome: result.outcome,
      ...(result.outcome.action === 'no-op'
        ? { excerpt: contractExample(result.responseText) }
        : {}),
    });
  }
  return { assignments, usage };
}

/** An imperfect evaluation as a failure-memory observation (A.4). */
export function toObservation(
  evaluated: EvaluatedExecution,
  step: number,
  position: number,
  parent: number,
): Observation {
  const { evaluation } = evaluated;
  return {
    id: `o-${step}-${position}`,
    step,
    parentIndex: parent,
    instance: evaluated.instance,
    score: evaluation.score,
    trace: evaluated.execution.trace,
    ...(evaluation.feedback === undefined ? {} : { feedback: evaluation.feedback }),
    ...(evaluation.moduleFeedback === undefined
      ? {}
      : { moduleFeedback: evaluation.moduleFeedback }),
    output: evaluated.execution.output,
  };
}

/** Task usage of a set of evaluations (calls counted as evaluations). */
export function taskUsage(evaluations: readonly EvaluatedExecution[]): UsageEntry {
  let usage = emptyUsage();
  for (const evaluated of evaluations) {
    if (evaluated.execution.usage !== undefined) usage = addUsage(usage, evaluated.execution.usage);
  }
  return { role: 'task', calls: evaluations.length, usage };
}

function sum(scores: readonly number[]): number {
  let total = 0;
  for (const score of scores) total += score;
  return total;
}
