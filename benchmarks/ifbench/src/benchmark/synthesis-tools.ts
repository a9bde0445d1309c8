import { type AgentTool, defineTool } from '@forge/provider';
import { z } from 'zod';
import { INSTRUCTION_REGISTRY } from '../checkers/instruction-registry.js';
import { buildInstruction } from '../scoring/build-instruction.js';
import { evaluateInstructions } from '../scoring/evaluate-instructions.js';

const kwargsInput = z
  .union([z.array(z.record(z.string(), z.unknown())), z.string()])
  .describe('One kwargs object per instruction id (or the JSON array text of the kwargs field).');

function parseKwargs(kwargs: z.infer<typeof kwargsInput>): unknown[] {
  if (typeof kwargs !== 'string') return kwargs;
  const parsed: unknown = JSON.parse(kwargs);
  if (!Array.isArray(parsed)) throw new Error('kwargs must be a JSON array of objects');
  return parsed;
}

/** `list_instructions`: the checkable instruction ids with what they verify and their kwargs. */
export const listInstructionsTool: AgentTool = defineTool({
  name: 'list_instructions',
  description:
    'Lists the instruction ids an IFBench instance may use (58 IFBench ids and 25 IFEval ids), each with what its checker verifies (quirks included) and the kwargs it requires. Filter by id prefix such as "count:" or "format:".',
  inputSchema: z.object({
    prefix: z.string().optional().describe('Only ids starting with this text, e.g. "words:".'),
  }),
  execute({ prefix }) {
    return [...INSTRUCTION_REGISTRY.values()]
      .filter((definition) => prefix === undefined || definition.id.startsWith(prefix))
      .map((definition) => ({
        id: definition.id,
        checks: definition.summary,
        kwargs: definition.kwargs.map(({ name, type, description }) => ({
          name,
          type,
          description,
        })),
      }));
  },
});

/** `describe_constraints`: the official rendering of constraints, or why they cannot be built. */
export const describeConstraintsTool: AgentTool = defineTool({
  name: 'describe_constraints',
  description:
    'Builds the checkers for instruction ids and kwargs exactly as scoring will, and returns the official instruction text of each, or the error that makes the constraint unusable.',
  inputSchema: z.object({
    instruction_id_list: z.array(z.string()).min(1),
    kwargs: kwargsInput,
  }),
  execute({ instruction_id_list: ids, kwargs }) {
    const list = parseKwargs(kwargs);
    if (list.length !== ids.length)
      throw new Error(`kwargs has ${list.length} entries for ${ids.length} ids`);
    return ids.map((id, index) => {
      try {
        return { id, instruction: buildInstruction(id, list[index]).description };
      } catch (error) {
        return { id, error: (error as Error).message };
      }
    });
  },
});

/** `check_response`: runs the checkers on a candidate response, loose and strict. */
export const checkResponseTool: AgentTool = defineTool({
  name: 'check_response',
  description:
    'Runs the IFBench checkers on a candidate response: for each constraint, whether it is followed under loose evaluation (the score) and strict evaluation, and why not when the checker can tell. Returns the score (followed / constraints).',
  inputSchema: z.object({
    response: z.string().describe('The candidate response to check.'),
    instruction_id_list: z.array(z.string()).min(1),
    kwargs: kwargsInput,
  }),
  execute({ response, instruction_id_list: ids, kwargs }) {
    const results = evaluateInstructions(response, ids, parseKwargs(kwargs));
    return {
      score: results.filter((result) => result.followed).length / results.length,
      constraints: results.map((result) => ({
        id: result.instructionId,
        instruction: result.description,
        followed_loose: result.followed,
        followed_strict: result.followedStrict,
        ...(result.reason === undefined ? {} : { reason: result.reason }),
      })),
    };
  },
});

/** The tools the generator and verifier may call. */
export const IFBENCH_SYNTHESIS_TOOLS: readonly AgentTool[] = [
  listInstructionsTool,
  describeConstraintsTool,
  checkResponseTool,
];
