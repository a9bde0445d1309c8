import {
  createSingleModuleProgram,
  type Instance,
  type Program,
  taskMaxOutputTokens,
} from '@forge/program';
import { parseStrippedPythonInt } from './python-int.js';

/** Name of the program's only module. */
export const aimeModuleName = 'solver';

/**
 * Seed prompt. The GEPA artifact's program is a chain of thought asked to "solve the problem and
 * provide the answer in the correct format"; the correct format here is a bare integer in an
 * `<answer>` block, because the metric applies Python `int()` to that text and nothing else.
 */
export const aimeSeedPrompt = `You are an expert competition mathematician solving problems from the American Invitational Mathematics Examination (AIME).

Work through the problem step by step. Check every computation, and make sure your result satisfies all the conditions the problem states. Every AIME answer is an integer from 0 to 999.

Finish with the final answer as a bare integer inside an answer block, for example:
<answer>42</answer>
Write digits only inside the block: no words, units, LaTeX, \\boxed{}, decimal points or separators.`;

/** Renders the user message for one problem. */
export function renderAimeInput(instance: Instance): string {
  return `Problem:\n${String(instance.input['problem'] ?? '')}`;
}

const answerBlock = /<answer>([\s\S]*?)<\/answer>/gi;

/**
 * Reads the prediction from a response: the text of the last `<answer>…</answer>` block, as
 * written (the metric strips and parses it). A response with no block counts as its own answer
 * only when the whole of it is an integer; otherwise there is no prediction.
 */
export function parseAimeResponse(text: string): { answer?: string } {
  const blocks = [...text.matchAll(answerBlock)];
  const last = blocks.at(-1);
  if (last !== undefined) return { answer: last[1] as string };
  return parseStrippedPythonInt(text).ok ? { answer: text } : {};
}

/** A demonstration's answer: its reasoning (if any), then the integer in an answer block. */
export function renderAimeAnswer(
  output: Readonly<Record<string, unknown>>,
  reasoning?: string,
): string {
  const block = `<answer>${String(output['answer'] ?? '')}</answer>`;
  return reasoning === undefined ? block : `${reasoning}\n\n${block}`;
}

/** The reasoning of a response: the text before its last answer block, trimmed. */
export function aimeReasoningOf(text: string): string | undefined {
  const blocks = [...text.matchAll(answerBlock)];
  const last = blocks.at(-1);
  if (last?.index === undefined) return undefined;
  const reasoning = text.slice(0, last.index).trim();
  return reasoning === '' ? undefined : reasoning;
}

/** The AIME program: one chain-of-thought module. */
export function createAimeProgram(): Program {
  return createSingleModuleProgram({
    name: 'aime',
    moduleName: aimeModuleName,
    seedPrompt: aimeSeedPrompt,
    description: 'Solves the problem step by step and states the integer answer.',
    renderInput: renderAimeInput,
    parseOutput: (text) => parseAimeResponse(text),
    renderAnswer: renderAimeAnswer,
    reasoningOf: aimeReasoningOf,
    maxOutputTokens: taskMaxOutputTokens,
  });
}
