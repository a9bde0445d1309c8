import { unwrapOuterFence } from '@forge/program';

/** What a reflection answer yielded. */
export type ExtractedInstruction =
  | { readonly ok: true; readonly instruction: string }
  | {
      readonly ok: false;
      /** `empty` and `truncated` come from the answer's first check (`readModelAnswer`). */
      readonly reason: 'no-fenced-block' | 'empty-instruction' | 'empty' | 'truncated';
    };

/**
 * Reads the new instruction out of a reflection answer the reference's way: the text between
 * the first and the last fence, without a language tag on the opening line; an unterminated
 * block (only an opening, or only a closing fence) yields the text after or before it. Unlike
 * the reference, an answer with no fence at all is not adopted verbatim (gepa#390: a truncated
 * answer became the prompt) and an empty instruction is not adopted either: both are no-ops.
 * A fence is a run of three or more backticks, taken whole.
 */
export function extractInstruction(answer: string): ExtractedInstruction {
  const runs = [...answer.matchAll(/`{3,}/g)];
  if (runs.length === 0) return { ok: false, reason: 'no-fenced-block' };
  const first = runs[0] as RegExpExecArray;
  const last = runs[runs.length - 1] as RegExpExecArray;
  let content: string;
  if (runs.length === 1) {
    const stripped = answer.trim();
    if (stripped.startsWith(first[0])) {
      content = withoutLanguageTag(answer.slice(first.index + first[0].length));
    } else if (stripped.endsWith(first[0])) {
      content = stripped.slice(0, stripped.length - first[0].length);
    } else {
      // A lone fence in the middle: the reference would adopt the whole answer; treat it as
      // the opening of an unterminated block.
      content = withoutLanguageTag(answer.slice(first.index + first[0].length));
    }
  } else {
    content = withoutLanguageTag(answer.slice(first.index + first[0].length, last.index));
  }
  // A fence around the whole answer (```` ```` ```` around the ``` block): take the inner block.
  const inner = unwrapOuterFence(content.trim());
  const instruction = (inner !== content.trim() ? inner : content).trim();
  return instruction === ''
    ? { ok: false, reason: 'empty-instruction' }
    : { ok: true, instruction };
}

function withoutLanguageTag(text: string): string {
  const tag = /^\S*\n/.exec(text);
  return tag === null ? text : text.slice(tag[0].length);
}
