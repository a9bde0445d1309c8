/**
 * Why an optimizer model's answer could not be used. `empty`: nothing but whitespace (or only a
 * reasoning block); `truncated`: cut off at the output-token limit (finish reason `length`) — a
 * half answer is never used, even when what arrived happens to parse; `no-block`: the contract's
 * block is absent; `unclosed-block`: it opens but never closes; `multiple-blocks`: it occurs more
 * than once; `empty-block`: it holds nothing; `invalid-json`: its JSON does not parse or is not
 * the object asked for; `invalid-answer`: it parses but breaks the contract otherwise (a verdict
 * that is not `true`/`false`, a field of the wrong type, an illegal action).
 */
export type UnusableAnswerReason =
  | 'empty'
  | 'truncated'
  | 'no-block'
  | 'unclosed-block'
  | 'multiple-blocks'
  | 'empty-block'
  | 'invalid-json'
  | 'invalid-answer';

/** What a model's answer holds once the wrapping models commonly add is set aside. */
export type ModelAnswer =
  | {
      readonly ok: true;
      /** The answer without a leading reasoning block (chatter and fences are left to parsers). */
      readonly text: string;
    }
  | {
      readonly ok: false;
      /** `empty` or `truncated`. */
      readonly reason: 'empty' | 'truncated';
    };

// A reasoning block some models put first: <think>…</think>, <thinking>…</thinking>, <reasoning>…</reasoning>.
const reasoningOpen = /^\s*<(think|thinking|reasoning)>/i;

/**
 * Removes the reasoning blocks a model put before its answer (`<think>…</think>` and its
 * spellings `<thinking>`, `<reasoning>`), so a tag or brace mentioned while thinking is not
 * taken for the answer. A reasoning block that never closes swallows the whole text (the model
 * was still thinking): the result is empty.
 */
export function stripReasoning(text: string): string {
  let rest = text;
  for (;;) {
    const open = reasoningOpen.exec(rest);
    if (open === null) return rest;
    const close = `</${open[1]}>`;
    const end = rest.toLowerCase().indexOf(close.toLowerCase(), open[0].length);
    if (end < 0) return '';
    rest = rest.slice(end + close.length);
  }
}

/**
 * The first check of every optimizer answer, before its contract's parser: an answer cut off at
 * the token limit is `truncated`, one with nothing after its reasoning is `empty`; otherwise the
 * text without its leading reasoning block.
 */
export function readModelAnswer(text: string, finishReason?: string): ModelAnswer {
  if (finishReason === 'length') return { ok: false, reason: 'truncated' };
  const answer = stripReasoning(text);
  if (answer.trim() === '') return { ok: false, reason: 'empty' };
  return { ok: true, text: answer };
}

/**
 * Removes one Markdown fence around the whole text (```` ```xml … ``` ````, any language tag),
 * which some models put around everything they answer; text that is not wholly fenced is
 * returned as it is.
 */
export function unwrapOuterFence(text: string): string {
  const fenced = /^\s*(`{3,})[^\n`]*\n([\s\S]*?)\n?\1\s*$/.exec(text);
  return fenced === null ? text : (fenced[2] ?? '');
}
