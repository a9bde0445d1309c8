/**
 * The ways real optimizer models commonly wrap or spoil a well-formed answer: a reasoning block
 * first, chatter before and after, a Markdown fence around everything, an answer cut off at the
 * output-token limit, and no answer at all. The first three leave the answer usable; the last
 * two make it unusable (`truncated`, `empty`).
 */
export const answerMisbehaviours = ['reasoning', 'chatter', 'fence', 'truncated', 'empty'] as const;

/** One way a model spoils an answer (see `answerMisbehaviours`). */
export type AnswerMisbehaviour = (typeof answerMisbehaviours)[number];

/** An answer as a misbehaving model returns it: the text and the finish reason. */
export interface MisbehavedAnswer {
  /** The answer's text. */
  readonly text: string;
  /** `length` when the answer was cut off at the token limit, otherwise `stop`. */
  readonly finishReason: 'stop' | 'length';
}

/**
 * A well-formed answer as a misbehaving model returns it, for simulated models and parser tests.
 * `truncated` keeps the first half of the text, so it may still look complete to a careless
 * parser — only its finish reason says it is not.
 */
export function misbehave(answer: string, form: AnswerMisbehaviour): MisbehavedAnswer {
  switch (form) {
    case 'reasoning':
      return {
        text: `<think>\nThe contract wants one block; let me work out what goes in it {not json}.\n</think>\n${answer}`,
        finishReason: 'stop',
      };
    case 'chatter':
      return {
        text: `Sure! Here is my answer.\n\n${answer}\n\nLet me know if you need anything else.`,
        finishReason: 'stop',
      };
    case 'fence':
      return { text: `\`\`\`\`markdown\n${answer}\n\`\`\`\``, finishReason: 'stop' };
    case 'truncated':
      return { text: answer.slice(0, Math.ceil(answer.length / 2)), finishReason: 'length' };
    case 'empty':
      return { text: '', finishReason: 'stop' };
  }
}
