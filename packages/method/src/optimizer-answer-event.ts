/**
 * One optimizer answer, accounted for: every answer of every optimizer role of every method is
 * either used or unusable, with the reason. The sdk saves these (`optimizer_answers` in
 * `forge.db`), counts them by role into `answers` of `result.json` and the `run-end` event, and
 * warns when a role's answers mostly break their contract.
 */
export interface OptimizerAnswerEvent {
  readonly type: 'optimizer-answer';
  /** The role that answered (`reflect`, `assign`, `generate`, `verify`, `curate`, `propose`, …). */
  readonly role: string;
  /** False when the answer could not be used: the method went on without it. */
  readonly usable: boolean;
  /**
   * Why it could not be used, as a short code: `empty`, `truncated` (cut off at the output-token
   * limit), `no-block`, `unclosed-block`, `multiple-blocks`, `empty-block`, `invalid-json`,
   * `invalid-answer`, or a method's own finer code (`illegal-combination`, `missing-field`, …).
   */
  readonly reason?: string;
  /** The role's output contract in words, for warnings. */
  readonly contract?: string;
  /** The start of an unusable answer, on one line (for warnings). */
  readonly excerpt?: string;
  /** The method's step, when the answer belongs to one. */
  readonly step?: number;
}

/** The longest excerpt an answer event carries. */
export const answerExcerptLength = 240;

/** The start of an answer, on one line, for quoting in an event or a warning. */
export function answerExcerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > answerExcerptLength ? `${flat.slice(0, answerExcerptLength - 1)}…` : flat;
}

/** An `optimizer-answer` event; `reason` set means unusable. */
export function optimizerAnswer(options: {
  readonly role: string;
  readonly reason?: string | undefined;
  readonly contract?: string;
  readonly text?: string;
  readonly step?: number;
}): OptimizerAnswerEvent {
  const usable = options.reason === undefined;
  return {
    type: 'optimizer-answer',
    role: options.role,
    usable,
    ...(usable ? {} : { reason: options.reason }),
    ...(options.contract === undefined ? {} : { contract: options.contract }),
    ...(usable || options.text === undefined ? {} : { excerpt: answerExcerpt(options.text) }),
    ...(options.step === undefined ? {} : { step: options.step }),
  };
}
