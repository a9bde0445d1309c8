import type { BuiltInstruction, InstructionKwargs } from '../checkers/instruction.js';
import { InstructionKwargsError } from '../checkers/instruction-kwargs-error.js';
import { INSTRUCTION_REGISTRY } from '../checkers/instruction-registry.js';
import { UnknownInstructionError } from './unknown-instruction-error.js';

/**
 * Drops null-valued keys, as the reference does before `build_description(**kwargs)`: the
 * official rows carry every kwarg name of every instruction, with null for the unused ones.
 */
export function dropNullKwargs(instructionId: string, kwargs: unknown): InstructionKwargs {
  if (kwargs === null || kwargs === undefined) return {};
  if (typeof kwargs !== 'object' || Array.isArray(kwargs)) {
    throw new InstructionKwargsError({
      instructionId,
      message: `kwargs must be an object, got ${JSON.stringify(kwargs)}`,
    });
  }
  return Object.fromEntries(
    Object.entries(kwargs as Record<string, unknown>).filter(
      ([, value]) => value !== null && value !== undefined,
    ),
  );
}

/**
 * Builds the checker of one instruction from its id and raw kwargs.
 *
 * @throws UnknownInstructionError for an id outside the 83 supported ones.
 * @throws InstructionKwargsError when the kwargs cannot build the checker.
 */
export function buildInstruction(instructionId: string, kwargs: unknown): BuiltInstruction {
  const definition = INSTRUCTION_REGISTRY.get(instructionId);
  if (definition === undefined) throw new UnknownInstructionError(instructionId);
  return definition.build(dropNullKwargs(instructionId, kwargs));
}
