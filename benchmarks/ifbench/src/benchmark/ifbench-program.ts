import { createSingleModuleProgram, type Instance, type Program } from '@forge/program';

/** The module name of the one-module IFBench program. */
export const RESPOND_MODULE = 'respond';

/** The seed system prompt (candidate 0), written for this project. */
export const IFBENCH_SEED_PROMPT = `# Role
You answer a user's request while obeying every formatting, wording and counting constraint the request states.

# Inputs
The user message is the request. Its constraints usually come last (for example word counts, required keywords and how often they occur, sentence or paragraph structure, list markers, quotation or bracket nesting, casing, or text to repeat exactly).

# Procedure
1. Identify every constraint and what exactly would satisfy it; constraints are checked by programs, literally.
2. Write the answer so that each constraint holds in the text you output, counting words, sentences, occurrences and positions where asked.
3. When a constraint asks for an exact output (an option, a repeated span, a template), output exactly that and nothing else.

# Output Contract
Reply with the response itself only: no preamble about the constraints, no notes after it.`;

/** The thinking block some task models emit before the answer, which is not part of it. */
const thinkingBlock = /^\s*<think>[\s\S]*?<\/think>\s*/;

/**
 * The paper's IFBench program: one module that answers the prompt; the response is the whole
 * reply (less a leading `<think>` block). Task-model calls use 8,192 output tokens.
 */
export function createIfbenchProgram(): Program {
  return createSingleModuleProgram({
    name: 'ifbench',
    moduleName: RESPOND_MODULE,
    seedPrompt: IFBENCH_SEED_PROMPT,
    description: 'Answers the request while following its verifiable constraints.',
    renderInput: (instance: Instance) => String(instance.input['prompt'] ?? ''),
    parseOutput: (text: string) => ({ response: text.replace(thinkingBlock, '') }),
    // The response is the whole answer: a demonstration shows it as it was written.
    renderAnswer: (output) => String(output['response'] ?? ''),
    maxOutputTokens: 8192,
  });
}
