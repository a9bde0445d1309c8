import type { Evaluation, Evaluator, Execution, Instance } from '@forge/program';
import { type ConstraintResult, evaluateInstructions } from '../scoring/evaluate-instructions.js';

function describeKwargs(kwargs: Readonly<Record<string, unknown>>): string {
  const entries = Object.entries(kwargs).map(([key, value]) => {
    const text =
      typeof value === 'string'
        ? JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value)
        : JSON.stringify(value);
    return `${key} = ${text}`;
  });
  return entries.length === 0 ? '' : ` (${entries.join(', ')})`;
}

function line(result: ConstraintResult): string {
  const why = result.followed || result.reason === undefined ? '' : ` Why: ${result.reason}.`;
  return `- ${result.instructionId}${describeKwargs(result.kwargs)}: ${result.description}${why}`;
}

/** Feedback naming every unmet constraint with its arguments and, where known, why it failed. */
export function feedbackFor(results: readonly ConstraintResult[]): string {
  const followed = results.filter((result) => result.followed);
  const unmet = results.filter((result) => !result.followed);
  const parts = [`${followed.length} of ${results.length} constraints followed.`];
  if (unmet.length > 0) parts.push(`Not followed:\n${unmet.map(line).join('\n')}`);
  if (followed.length > 0) parts.push(`Followed:\n${followed.map(line).join('\n')}`);
  return parts.join('\n\n');
}

function goldConstraints(instance: Instance): { ids: string[]; kwargs: unknown[] } {
  const ids = instance.gold['instruction_id_list'];
  const text = instance.gold['kwargs'];
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
    throw new Error('gold field instruction_id_list is not a list of strings');
  }
  if (typeof text !== 'string') throw new Error('gold field kwargs is not a string');
  const kwargs: unknown = JSON.parse(text);
  if (!Array.isArray(kwargs)) throw new Error('gold field kwargs is not a JSON array');
  return { ids, kwargs };
}

/**
 * The IFBench metric: constraints followed under loose evaluation over constraints (SPEC §11),
 * with feedback listing each unmet constraint. An instance whose constraints cannot be built
 * scores 0 and says why, rather than stopping a run.
 */
export const evaluateIfbench: Evaluator = (
  instance: Instance,
  execution: Execution,
): Evaluation => {
  const response = execution.output['response'];
  const text = typeof response === 'string' ? response : '';
  let results: ConstraintResult[];
  try {
    const { ids, kwargs } = goldConstraints(instance);
    results = evaluateInstructions(text, ids, kwargs);
  } catch (error) {
    return {
      score: 0,
      feedback: `The instance's constraints cannot be checked: ${(error as Error).message}`,
    };
  }
  const score = results.filter((result) => result.followed).length / results.length;
  return { score, feedback: feedbackFor(results) };
};
