import { renderFields } from '../render/render-markdown.js';
import { coerceToSignature } from '../signature/coerce-to-signature.js';
import type { SignatureField } from '../signature/signature.js';
import type { ModuleAnswer } from './answer-format.js';

// The JSON answer format of a typed module (docs/prompt-contracts.md, "Typed modules"): chosen
// with `answerFormat: 'json'`, for models that answer under a JSON schema (a local model's
// grammar, a provider's structured output). Like the tag format it sits in the user turn.

/** The user turn of a module answering in JSON: its input fields, then the JSON answer format. */
export function renderJsonModuleInput(
  input: Readonly<Record<string, unknown>>,
  outputFields: readonly SignatureField[],
): string {
  const fields = renderFields(input, 2);
  return `${fields === '' ? '' : `${fields}\n\n`}${renderJsonAnswerFormat(outputFields)}`;
}

/** The answer-format instructions: one JSON object, one key per output field, in order. */
export function renderJsonAnswerFormat(outputFields: readonly SignatureField[]): string {
  const lines = outputFields.map(
    (field) =>
      `"${field.name}": ${field.type}${field.description === '' ? '' : ` (${field.description})`}`,
  );
  return [
    '## Answer format',
    'Answer with one JSON object and nothing else, with these keys in this order:',
    ...lines,
  ].join('\n');
}

/** An answer in the JSON format: the output fields as one JSON object (reasoning has no place). */
export function renderJsonModuleAnswer(
  output: Readonly<Record<string, unknown>>,
  outputFields: readonly SignatureField[],
): string {
  const ordered: Record<string, unknown> = {};
  for (const field of outputFields) {
    if (output[field.name] !== undefined) ordered[field.name] = output[field.name];
  }
  return JSON.stringify(ordered);
}

/**
 * Reads an answer in the JSON format: the JSON object of the text (a Markdown code fence or text
 * around the object is tolerated), its keys exactly the output fields, each value coerced
 * losslessly to its field's type. Anything else is an unusable answer, with the reason.
 */
export function parseJsonModuleAnswer(
  text: string,
  module: string,
  outputFields: readonly SignatureField[],
): ModuleAnswer {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) {
    return { ok: false, reason: `module ${module}: the answer has no JSON object` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch (error) {
    return {
      ok: false,
      reason: `module ${module}: the answer's JSON does not parse (${(error as Error).message})`,
    };
  }
  const coerced = coerceToSignature(value, { name: module, inputFields: [], outputFields });
  if (!coerced.ok) {
    return {
      ok: false,
      reason: `module ${module}: ${coerced.field === '' ? 'the answer' : `output field ${coerced.field}`}: ${coerced.reason}`,
    };
  }
  return { ok: true, output: coerced.gold };
}
