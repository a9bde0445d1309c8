import { renderFields } from '../render/render-markdown.js';
import { coerceToSignature } from '../signature/coerce-to-signature.js';
import type { SignatureField } from '../signature/signature.js';
import {
  type AnswerFormatOptions,
  type ModuleAnswer,
  reasoningTag,
  unusable,
} from './answer-format.js';

// The JSON answer format of a typed module (docs/prompt-contracts.md, "Typed modules"): chosen
// with `answerFormat: 'json'`, for models that answer under a JSON schema (a local model's
// grammar, a provider's structured output). Like the tag format it sits in the user turn.

/** The user turn of a module answering in JSON: its input fields, then the JSON answer format. */
export function renderJsonModuleInput(
  input: Readonly<Record<string, unknown>>,
  outputFields: readonly SignatureField[],
  options: AnswerFormatOptions = {},
): string {
  const fields = renderFields(input, 2);
  return `${fields === '' ? '' : `${fields}\n\n`}${renderJsonAnswerFormat(outputFields, options)}`;
}

/**
 * The answer-format instructions: one JSON object, one key per output field, in order (after a
 * `reasoning` key for a reasoning module).
 */
export function renderJsonAnswerFormat(
  outputFields: readonly SignatureField[],
  options: AnswerFormatOptions = {},
): string {
  const lines = outputFields.map(
    (field) =>
      `"${field.name}": ${field.type}${field.description === '' ? '' : ` (${field.description})`}`,
  );
  const reasoning =
    options.reasoning === true
      ? [`"${reasoningTag}": str (think step by step; the reasoning that leads to the other keys)`]
      : [];
  return [
    '## Answer format',
    'Answer with one JSON object and nothing else, with these keys in this order:',
    ...reasoning,
    ...lines,
  ].join('\n');
}

/**
 * An answer in the JSON format: the output fields as one JSON object, after the reasoning for a
 * reasoning module (a plain module's answer has no place for it).
 */
export function renderJsonModuleAnswer(
  output: Readonly<Record<string, unknown>>,
  outputFields: readonly SignatureField[],
  reasoning?: string,
  options: AnswerFormatOptions = {},
): string {
  const ordered: Record<string, unknown> = {};
  if (options.reasoning === true && reasoning !== undefined && reasoning !== '') {
    ordered[reasoningTag] = reasoning;
  }
  for (const field of outputFields) {
    if (output[field.name] !== undefined) ordered[field.name] = output[field.name];
  }
  return JSON.stringify(ordered);
}

/**
 * Reads an answer in the JSON format: the JSON object of the text (a Markdown code fence or text
 * around the object is tolerated), its keys exactly the output fields, each value coerced
 * losslessly to its field's type. Anything else is an unusable answer, with the reason. A
 * reasoning module's `reasoning` string is taken out first (an object without it is still usable).
 */
export function parseJsonModuleAnswer(
  text: string,
  module: string,
  outputFields: readonly SignatureField[],
  options: AnswerFormatOptions = {},
): ModuleAnswer {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) return unusable(module, 'the answer has no JSON object');
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch (error) {
    return unusable(module, `the answer's JSON does not parse (${(error as Error).message})`);
  }
  let reasoning: string | undefined;
  if (options.reasoning === true && isRecord(value) && Object.hasOwn(value, reasoningTag)) {
    const { [reasoningTag]: thought, ...fields } = value;
    if (typeof thought === 'string' && thought.trim() !== '') reasoning = thought.trim();
    value = fields;
  }
  const withReasoning = reasoning === undefined ? {} : { reasoning };
  const coerced = coerceToSignature(value, { name: module, inputFields: [], outputFields });
  if (!coerced.ok) {
    return unusable(
      module,
      `${coerced.field === '' ? 'the answer' : `output field ${coerced.field}`}: ${coerced.reason}`,
      withReasoning,
    );
  }
  return { ok: true, output: coerced.gold, ...withReasoning };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
