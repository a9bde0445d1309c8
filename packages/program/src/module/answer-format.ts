import { renderFields, renderValue } from '../render/render-markdown.js';
import { coerceToSignature } from '../signature/coerce-to-signature.js';
import type { SignatureField } from '../signature/signature.js';
import { unwrapOuterFence } from '../text/model-answer.js';

// The format of a typed module (docs/prompt-contracts.md, "Typed modules"). It lives in the user
// turn, not in the system prompt: the optimizer rewrites system prompts, and a rewritten prompt
// must not be able to lose the format the module parses.

/** The tag a reasoning module's answer starts with. */
export const reasoningTag = 'reasoning';

/** How a module's answer format differs from the plain one. */
export interface AnswerFormatOptions {
  /**
   * The module reasons before answering (`defineModule({ reasoning: true })`): the format asks for
   * a `<reasoning>…</reasoning>` block before the output fields. Default false.
   */
  readonly reasoning?: boolean;
}

/** The result of reading a module's answer: its coerced output fields, or why they are unusable. */
export type ModuleAnswer =
  | {
      readonly ok: true;
      /** The output fields, coerced to their declared types (the paper's Coerce). */
      readonly output: Record<string, unknown>;
      /**
       * The model's reasoning, when there is any: the `<reasoning>` block of a reasoning module,
       * or else the text before the first output tag.
       */
      readonly reasoning?: string;
    }
  | {
      readonly ok: false;
      /** What was wrong, naming the module and the field, in words the reflector can act on. */
      readonly reason: string;
      /** The same without the module's name: what a re-ask tells the model. */
      readonly problem: string;
      /** The model's reasoning, when the answer had any (kept for the trace). */
      readonly reasoning?: string;
    };

/** The user turn of a typed module: its input fields, one heading each, then the answer format. */
export function renderModuleInput(
  input: Readonly<Record<string, unknown>>,
  outputFields: readonly SignatureField[],
  options: AnswerFormatOptions = {},
): string {
  const fields = renderFields(input, 2);
  return `${fields === '' ? '' : `${fields}\n\n`}${renderAnswerFormat(outputFields, options)}`;
}

/**
 * The answer-format instructions: one tag per output field, in declaration order (after a
 * `<reasoning>` tag for a reasoning module). A field whose type holds objects is written as JSON
 * too, and the instructions say so; a module without such fields or reasoning keeps the format
 * byte for byte as it always was.
 */
export function renderAnswerFormat(
  outputFields: readonly SignatureField[],
  options: AnswerFormatOptions = {},
): string {
  const lines = outputFields.map(
    (field) =>
      `<${field.name}>…</${field.name}>  (${field.type}${field.description === '' ? '' : `: ${field.description}`})`,
  );
  const json = outputFields.some((field) => field.type.includes('{'))
    ? 'write lists, dicts and objects as JSON'
    : 'write lists and dicts as JSON';
  if (options.reasoning === true) {
    return [
      '## Answer format',
      `Write your reasoning first, then one tag per output field, in this order (${json}):`,
      `<${reasoningTag}>…</${reasoningTag}>  (think step by step; the reasoning that leads to the output fields)`,
      ...lines,
    ].join('\n');
  }
  return [
    '## Answer format',
    `Answer with one tag per output field, in this order (${json}):`,
    ...lines,
  ].join('\n');
}

/**
 * An answer written in the module's format: reasoning (if any; in its `<reasoning>` tag for a
 * reasoning module, as plain text before the fields otherwise), then one tag per output field
 * (a field whose value is `undefined` is left out).
 */
export function renderModuleAnswer(
  output: Readonly<Record<string, unknown>>,
  outputFields: readonly SignatureField[],
  reasoning?: string,
  options: AnswerFormatOptions = {},
): string {
  const tags = outputFields
    .filter((field) => output[field.name] !== undefined)
    .map((field) => `<${field.name}>${renderValue(output[field.name])}</${field.name}>`);
  const thought =
    reasoning === undefined || reasoning === ''
      ? []
      : [
          options.reasoning === true
            ? `<${reasoningTag}>${reasoning}</${reasoningTag}>`
            : reasoning,
        ];
  return [...thought, ...tags].join('\n');
}

/**
 * Reads an answer written in the module's format: the last `<field>…</field>` of each output field
 * (a model may quote a tag while reasoning), trimmed, a Markdown fence around a non-string value
 * removed, then coerced losslessly to the field's type (`"3"` → 3 for an int, a JSON array for a
 * list, a JSON object for an object type). A missing field or a value that does not coerce is an
 * unusable answer, with the reason naming the field's path (`aspects[1].sentiment`). A reasoning
 * module's `<reasoning>` block is set aside first (tags quoted inside it are not read as fields);
 * an answer without one is still usable, its reasoning being the text before the first tag.
 */
export function parseModuleAnswer(
  text: string,
  module: string,
  outputFields: readonly SignatureField[],
  options: AnswerFormatOptions = {},
): ModuleAnswer {
  const block = options.reasoning === true ? reasoningBlock(text) : undefined;
  const answer = block === undefined ? text : block.rest;
  const raw: Record<string, unknown> = {};
  let firstTag = answer.length;
  let missing: string | undefined;
  for (const field of outputFields) {
    const open = `<${field.name}>`;
    const close = `</${field.name}>`;
    const start = answer.lastIndexOf(open);
    const end = start < 0 ? -1 : answer.indexOf(close, start + open.length);
    if (start < 0 || end < 0) {
      missing ??= `the answer has no ${open}…${close} (every output field needs its tag)`;
      continue;
    }
    const value = answer.slice(start + open.length, end).trim();
    raw[field.name] = field.type === 'str' ? value : unwrapOuterFence(value).trim();
    firstTag = Math.min(firstTag, answer.indexOf(open));
  }
  // An unclosed `<reasoning>` of a reasoning module: its text up to the first field is the reasoning.
  const lead = answer.slice(0, firstTag);
  const before = (
    options.reasoning === true ? lead.replace(new RegExp(`^\\s*<${reasoningTag}>`), '') : lead
  ).trim();
  const reasoning = block?.reasoning ?? (before === '' ? undefined : before);
  const withReasoning = reasoning === undefined ? {} : { reasoning };
  if (missing !== undefined) return unusable(module, missing, withReasoning);
  const coerced = coerceToSignature(raw, { name: module, inputFields: [], outputFields });
  if (!coerced.ok) {
    return unusable(module, `output field ${coerced.field}: ${coerced.reason}`, withReasoning);
  }
  return { ok: true, output: coerced.gold, ...withReasoning };
}

/** An unusable answer: the problem, and the same naming the module. */
export function unusable(
  module: string,
  problem: string,
  extra: { readonly reasoning?: string } = {},
): ModuleAnswer {
  return { ok: false, reason: `module ${module}: ${problem}`, problem, ...extra };
}

/**
 * A path in a field value as the answer format names it: `aspects[1].sentiment` for zod's
 * `['aspects', 1, 'sentiment']`.
 */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

/** The first `<reasoning>…</reasoning>` block, and the text around it. */
function reasoningBlock(text: string): { reasoning?: string; rest: string } | undefined {
  const open = `<${reasoningTag}>`;
  const close = `</${reasoningTag}>`;
  const start = text.indexOf(open);
  const end = start < 0 ? -1 : text.indexOf(close, start + open.length);
  if (start < 0 || end < 0) return undefined;
  const reasoning = text.slice(start + open.length, end).trim();
  return {
    ...(reasoning === '' ? {} : { reasoning }),
    rest: `${text.slice(0, start)}\n${text.slice(end + close.length)}`,
  };
}

/** How the follow-up of a re-ask starts (so a reader of the conversation can tell it apart). */
export const reaskOpening = 'Your last answer could not be used:';

/**
 * The follow-up user turn of a re-ask: what was wrong with the last answer, and a request to answer
 * again in the module's format (which the first user turn of the conversation gives).
 */
export function renderReask(problem: string): string {
  return `${reaskOpening} ${problem}.\nAnswer again in full, following the answer format above.`;
}
