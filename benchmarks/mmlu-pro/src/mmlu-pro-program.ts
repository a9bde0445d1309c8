import {
  createSingleModuleProgram,
  type Instance,
  type Program,
  taskMaxOutputTokens,
} from '@forge/program';
import { extractAnswer } from './extract-answer.js';

/** Name of the program's only module. */
export const mmluProModuleName = 'answerer';

/**
 * Seed prompt, after the official chain-of-thought instruction of MMLU-Pro: think step by step,
 * then end with "The answer is (X)", the form extraction rule 1 reads.
 */
export const mmluProSeedPrompt = `You are an expert who answers multiple-choice questions from academic and professional fields.

Think through the question step by step: work out what is asked, evaluate the options against it, and rule out the wrong ones.

Exactly one option is correct. End your response with the sentence "The answer is (X)", where X is the letter of that option.`;

const letters = 'ABCDEFGHIJ';

/**
 * Renders the user message in the official question format (`format_example` of MMLU-Pro:
 * "Question: …", "Options: A. …", one option per line, "Answer: Let's think step by step."),
 * preceded by the subject the official header names.
 */
export function renderMmluProInput(instance: Instance): string {
  const options = (instance.input['options'] as readonly unknown[] | undefined) ?? [];
  let text = `The following is a multiple choice question about ${String(instance.input['category'] ?? '')}.\n\n`;
  text += `Question: ${String(instance.input['question'] ?? '')}\nOptions: `;
  for (const [index, option] of options.entries()) {
    text += `${letters[index] ?? '?'}. ${String(option)}\n`;
  }
  return `${text}Answer: Let's think step by step.`;
}

/** A demonstration's answer: its reasoning (if any), then "The answer is (X)." */
export function renderMmluProAnswer(
  output: Readonly<Record<string, unknown>>,
  reasoning?: string,
): string {
  const sentence = `The answer is (${String(output['answer'] ?? '')}).`;
  return reasoning === undefined ? sentence : `${reasoning}\n\n${sentence}`;
}

/**
 * The reasoning of a response: the text before the first "answer is (X)" (the match extraction
 * rule 1 takes), without a dangling "The", trimmed.
 */
export function mmluProReasoningOf(text: string): string | undefined {
  const match = /answer is \(?[A-J]\)?/.exec(text);
  if (match === null) return undefined;
  const reasoning = text
    .slice(0, match.index)
    .replace(/\bthe\s*$/i, '')
    .trim();
  return reasoning === '' ? undefined : reasoning;
}

/** The MMLU-Pro program: one chain-of-thought module. */
export function createMmluProProgram(): Program {
  return createSingleModuleProgram({
    name: 'mmlu-pro',
    moduleName: mmluProModuleName,
    seedPrompt: mmluProSeedPrompt,
    description: 'Reasons about the question and names the letter of the correct option.',
    renderInput: renderMmluProInput,
    parseOutput: (text) => {
      const letter = extractAnswer(text);
      return letter === null ? {} : { answer: letter };
    },
    renderAnswer: renderMmluProAnswer,
    reasoningOf: mmluProReasoningOf,
    maxOutputTokens: taskMaxOutputTokens,
  });
}
