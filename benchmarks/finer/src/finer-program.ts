import {
  createSingleModuleProgram,
  extractFinalAnswer,
  type Instance,
  type Program,
  taskMaxOutputTokens,
} from '@forge/program';
import { pythonStrip } from '@forge/python-compat';
import { finerLabelNames } from './finer-labels.js';
import { finerQuestion } from './finer-records.js';

/** Name of the program's only module. */
export const finerModuleName = 'tagger';

/**
 * Seed prompt, after the Meta-Harness FiNER prompt: an XBRL expert, the tag options, and a JSON
 * object with "reasoning" and "final_answer". The options are the adapter's 12-label vocabulary
 * (Meta-Harness lists all 139 FiNER tags).
 */
export const finerSeedPrompt = `You are an expert in XBRL tagging of financial statements under US GAAP.

You will be given a numeric entity and the sentence from an SEC filing that contains it. Decide which US GAAP XBRL tag describes what the number reports. Choose exactly one tag from this list:
${finerLabelNames.map((name) => `- ${name}`).join('\n')}

Respond with a valid JSON object containing exactly two fields:
1. "reasoning": your step-by-step analysis (string)
2. "final_answer": the chosen tag, spelled exactly as in the list (string)`;

/** Renders the user message: the Meta-Harness question for the entity and sentence. */
export function renderFinerInput(instance: Instance): string {
  const entity = String(instance.input['entity'] ?? '');
  const sentence = String(instance.input['sentence'] ?? '');
  return `Question: ${finerQuestion(entity, sentence)}`;
}

/**
 * A demonstration's answer: the JSON object the seed prompt asks for, reasoning first (empty when
 * the demonstration has none), then the tag.
 */
export function renderFinerAnswer(
  output: Readonly<Record<string, unknown>>,
  reasoning?: string,
): string {
  return JSON.stringify({
    reasoning: reasoning ?? '',
    final_answer: String(output['label'] ?? ''),
  });
}

/** The `reasoning` string of a JSON reply (whole or in a code fence), when it has one. */
export function finerReasoningOf(text: string): string | undefined {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n```/.exec(trimmed)?.[1];
  try {
    const data: unknown = JSON.parse(fenced ?? trimmed);
    const reasoning =
      typeof data === 'object' && data !== null
        ? (data as Record<string, unknown>)['reasoning']
        : undefined;
    return typeof reasoning === 'string' && reasoning.trim() !== '' ? reasoning : undefined;
  } catch {
    return undefined;
  }
}

/** The FiNER-139 program: one tagging module answering in JSON. */
export function createFinerProgram(): Program {
  return createSingleModuleProgram({
    name: 'finer',
    moduleName: finerModuleName,
    seedPrompt: finerSeedPrompt,
    description: 'Reads the sentence and picks the XBRL tag of the numeric entity.',
    renderInput: renderFinerInput,
    parseOutput: (text) => ({ label: pythonStrip(extractFinalAnswer(text)) }),
    renderAnswer: renderFinerAnswer,
    reasoningOf: finerReasoningOf,
    maxOutputTokens: taskMaxOutputTokens,
  });
}
