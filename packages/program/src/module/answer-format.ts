import { renderFields, renderValue } from '../render/render-markdown.js';
import { coerceToSignature } from '../signature/coerce-to-signature.js';
import type { SignatureField } from '../signature/signature.js';

// The format of a typed module (docs/prompt-contracts.md, "Typed modules"). It lives in the user
// turn, not in the system prompt: the optimizer rewrites system prompts, and a rewritten prompt
// must not be able to lose the format the module parses.

/** The result of reading a module's answer: its coerced output fields, or why they are unusable. */
export type ModuleAnswer =
  | {
      readonly ok: true;
      /** The output fields, coerced to their declared types (the paper's Coerce). */
      readonly output: Record<string, unknown>;
      /** Text before the first output tag (the model's reasoning), when there is any. */
      readonly reasoning?: string;
    }
  | {
      readonly ok: false;
      /** What was wrong, naming the field, in words the reflector can act on. */
      readonly reason: string;
    };

/** The user turn of a typed module: its input fields, one heading each, then the answer format. */
export function renderModuleInput(
  input: Readonly<Record<string, unknown>>,
  outputFields: readonly SignatureField[],
): string {
  const fields = renderFields(input, 2);
  return `${fields === '' ? '' : `${fields}\n\n`}${renderAnswerFormat(outputFields)}`;
}

/** The answer-format instructions: one tag per output field, in declaration order. */
export function renderAnswerFormat(outputFields: readonly SignatureField[]): string {
  const lines = outputFields.map(
    (field) =>
      `<${field.name}>…</${field.name}>  (${field.type}${field.description === '' ? '' : `: ${field.description}`})`,
  );
  return [
    '## Answer format',
    'Answer with one tag per output field, in this order (write lists and dicts as JSON):',
    ...lines,
  ].join('\n');
}

/**
 * An answer written in the module's format: reasoning (if any), then one tag per output field
 * (a field whose value is `undefined` is left out).
 */
export function renderModuleAnswer(
  output: Readonly<Record<string, unknown>>,
  outputFields: readonly SignatureField[],
  reasoning?: string,
): string {
  const tags = outputFields
    .filter((field) => output[field.name] !== undefined)
    .map((field) => `<${field.name}>${renderValue(output[field.name])}</${field.name}>`);
  return [...(reasoning === undefined || reasoning === '' ? [] : [reasoning]), ...tags].join('\n');
}

/**
 * Reads an answer written in the module's format: the last `<field>…</field>` of each output field
 * (a model may quote a tag while reasoning), trimmed, then coerced losslessly to the field's type
 * (`"3"` → 3 for an int, a JSON array for a list). A missing field or a value that does not coerce
 * is an unusable answer, with the reason.
 */
export function parseModuleAnswer(
  text: string,
  module: string,
  outputFields: readonly SignatureField[],
): ModuleAnswer {
  const raw: Record<string, unknown> = {};
  let firstTag = text.length;
  for (const field of outputFields) {
    const open = `<${field.name}>`;
    const close = `</${field.name}>`;
    const start = text.lastIndexOf(open);
    const end = start < 0 ? -1 : text.indexOf(close, start + open.length);
    if (start < 0 || end < 0) {
      return {
        ok: false,
        reason: `module ${module}: the answer has no ${open}…${close} (every output field needs its tag)`,
      };
    }
    raw[field.name] = text.slice(start + open.length, end).trim();
    firstTag = Math.min(firstTag, text.indexOf(open));
  }
  const coerced = coerceToSignature(raw, { name: module, inputFields: [], outputFields });
  if (!coerced.ok) {
    return {
      ok: false,
      reason: `module ${module}: output field ${coerced.field}: ${coerced.reason}`,
    };
  }
  const reasoning = text.slice(0, firstTag).trim();
  return { ok: true, output: coerced.gold, ...(reasoning === '' ? {} : { reasoning }) };
}
