import { InvalidArgumentError } from '@forge/provider';
import type { BuiltInstruction, Verdict } from '../checkers/instruction.js';
import { pythonStrip } from '../python/python-text.js';
import { buildInstruction, dropNullKwargs } from './build-instruction.js';
import { looseVariants } from './loose-variants.js';

/** How one constraint of a prompt fared on one response. */
export interface ConstraintResult {
  /** The instruction id. */
  readonly instructionId: string;
  /** The kwargs after null-valued keys were dropped. */
  readonly kwargs: Readonly<Record<string, unknown>>;
  /** The instruction as the reference renders it. */
  readonly description: string;
  /** Followed under loose evaluation: some of the eight variants passes. */
  readonly followed: boolean;
  /** Followed under strict evaluation: the response itself passes. */
  readonly followedStrict: boolean;
  /** Why the response itself did not pass, when the checker says or raised. */
  readonly reason?: string;
}

/** One check of one variant: a non-blank variant that passes; a raising checker is a failure. */
export function checkVariant(checker: BuiltInstruction, variant: string): Verdict {
  if (pythonStrip(variant) === '') return { followed: false, reason: 'the response is empty' };
  try {
    return checker.check(variant);
  } catch (error) {
    // SPEC §11: a checker that raises on a variant counts that variant as not followed.
    return { followed: false, reason: `the checker raised ${(error as Error).message}` };
  }
}

/**
 * Checks every constraint of a prompt on a response, strictly and loosely.
 *
 * @throws InvalidArgumentError when the lists are empty or of different lengths;
 *   UnknownInstructionError or InstructionKwargsError when a constraint cannot be built.
 */
export function evaluateInstructions(
  response: string,
  instructionIds: readonly string[],
  kwargs: readonly unknown[],
): ConstraintResult[] {
  if (instructionIds.length === 0) {
    throw new InvalidArgumentError({
      argument: 'instructionIds',
      message: 'instructionIds is empty',
    });
  }
  if (kwargs.length !== instructionIds.length) {
    throw new InvalidArgumentError({
      argument: 'kwargs',
      message: `kwargs has ${kwargs.length} entries for ${instructionIds.length} instruction ids`,
    });
  }
  const variants = looseVariants(response);
  return instructionIds.map((instructionId, index) => {
    const checker = buildInstruction(instructionId, kwargs[index]);
    const strict = checkVariant(checker, response);
    const followed =
      strict.followed ||
      variants.slice(1).some((variant) => checkVariant(checker, variant).followed);
    return {
      instructionId,
      kwargs: dropNullKwargs(instructionId, kwargs[index]),
      description: checker.description,
      followed,
      followedStrict: strict.followed,
      ...(strict.followed || strict.reason === undefined ? {} : { reason: strict.reason }),
    };
  });
}

/**
 * The paper's IFBench score: constraints followed under loose evaluation, over constraints.
 */
export function scoreResponse(
  response: string,
  instructionIds: string[],
  kwargs: object[],
): number {
  const results = evaluateInstructions(response, instructionIds, kwargs);
  return results.filter((result) => result.followed).length / results.length;
}

/** Strict check of one instruction: the response itself, non-blank, passes (raising counts as not). */
export function checkInstruction(id: string, kwargs: object, response: string): boolean {
  return checkVariant(buildInstruction(id, kwargs), response).followed;
}
