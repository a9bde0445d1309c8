import { stripReasoning } from './model-answer.js';

/** Result of extracting one named XML block from model text. */
export type XmlBlockResult =
  | { readonly ok: true; readonly content: string }
  | {
      readonly ok: false;
      /**
       * `missing`: no opening tag; `unclosed`: an opening tag without a closing one;
       * `multiple`: the tag occurs more than once (the contracts ask for exactly one);
       * `empty`: only whitespace inside.
       */
      readonly reason: 'missing' | 'unclosed' | 'multiple' | 'empty';
    };

/**
 * Extracts the content of the one `<tag>…</tag>` block in `text`, trimmed. The contracts of
 * Figures 5–8 ask for exactly one block, so a second occurrence of the opening tag is an error
 * rather than a guess about which one was meant. Chatter before or after the block and a fence
 * around everything are fine, and so is a leading reasoning block (`<think>…</think>`): it is set
 * aside first, so a tag it mentions is not counted.
 */
export function extractXmlBlock(answer: string, tag: string): XmlBlockResult {
  const text = stripReasoning(answer);
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const first = text.indexOf(open);
  if (first < 0) return { ok: false, reason: 'missing' };
  if (text.indexOf(open, first + open.length) >= 0) return { ok: false, reason: 'multiple' };
  const end = text.indexOf(close, first + open.length);
  if (end < 0) return { ok: false, reason: 'unclosed' };
  if (text.indexOf(close, end + close.length) >= 0) return { ok: false, reason: 'multiple' };
  const content = text.slice(first + open.length, end).trim();
  if (content === '') return { ok: false, reason: 'empty' };
  return { ok: true, content };
}

/** Result of parsing a JSON object out of a block's content. */
export type JsonObjectResult =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly reason: string };

/**
 * Parses block content as one JSON object. A single surrounding Markdown fence (```json … ```)
 * is tolerated, though the contracts ask for none; anything else that is not exactly one JSON
 * object fails with the parser's message.
 */
export function parseJsonObject(content: string): JsonObjectResult {
  const fenced = /^```[a-zA-Z]*\s*\n([\s\S]*?)\n?```$/.exec(content.trim());
  const body = fenced?.[1] ?? content;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    return { ok: false, reason: `invalid JSON: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      reason: `expected one JSON object, got ${Array.isArray(value) ? 'an array' : typeof value}`,
    };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
