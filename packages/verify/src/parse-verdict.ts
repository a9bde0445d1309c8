import { extractXmlBlock, readModelAnswer, type UnusableAnswerReason } from '@forge/program';

/** A verifier answer, parsed. */
export type Verdict =
  | {
      /** The answer followed the contract. */
      readonly ok: true;
      /** Is the example a well-formed, task-correct training example with correct gold? */
      readonly validity: boolean;
      /** Why, in the verifier's words. */
      readonly validityReason: string;
      /** Does it follow the failure mode and the mutation intent? */
      readonly faithfulness: boolean;
      /** Why, in the verifier's words. */
      readonly faithfulnessReason: string;
    }
  | {
      /** The answer broke the contract: the attempt ends as *verification failed*. */
      readonly ok: false;
      /** What was wrong, e.g. `<validity> must be true or false, got "yes"`. */
      readonly reason: string;
      /** The kind of problem, for accounting. */
      readonly code: UnusableAnswerReason;
    };

/**
 * Parses a verifier answer (Figure 8 contract). Each of `<validity_reason>`, `<validity>`,
 * `<faithfulness_reason>` and `<faithfulness>` must occur exactly once and be closed; the two
 * verdicts must read exactly `true` or `false` after trimming (lowercase, nothing else); the two
 * reasons must not be empty. Anything else fails, naming the first problem found. A leading
 * reasoning block, chatter and a fence around everything are tolerated; an answer whose finish
 * reason is `length` fails as `truncated`, never used half.
 */
export function parseVerdict(answerText: string, finishReason?: string): Verdict {
  const answer = readModelAnswer(answerText, finishReason);
  if (!answer.ok) {
    return answer.reason === 'truncated'
      ? { ok: false, code: 'truncated', reason: 'the answer was cut off at the output-token limit' }
      : { ok: false, code: 'empty', reason: 'the answer is empty' };
  }
  const text = answer.text;
  const validityReason = readTag(text, 'validity_reason');
  if (!validityReason.ok) return validityReason;
  const validity = readBoolean(text, 'validity');
  if (!validity.ok) return validity;
  const faithfulnessReason = readTag(text, 'faithfulness_reason');
  if (!faithfulnessReason.ok) return faithfulnessReason;
  const faithfulness = readBoolean(text, 'faithfulness');
  if (!faithfulness.ok) return faithfulness;
  return {
    ok: true,
    validity: validity.value,
    validityReason: validityReason.value,
    faithfulness: faithfulness.value,
    faithfulnessReason: faithfulnessReason.value,
  };
}

type Read<T> = { ok: true; value: T } | { ok: false; reason: string; code: UnusableAnswerReason };

function readTag(text: string, tag: string): Read<string> {
  const block = extractXmlBlock(text, tag);
  if (block.ok) return { ok: true, value: block.content };
  const problem = {
    missing: 'is missing',
    unclosed: 'is not closed',
    multiple: 'occurs more than once',
    empty: 'is empty',
  }[block.reason];
  const code = (
    {
      missing: 'no-block',
      unclosed: 'unclosed-block',
      multiple: 'multiple-blocks',
      empty: 'empty-block',
    } as const
  )[block.reason];
  return { ok: false, code, reason: `<${tag}> ${problem}` };
}

function readBoolean(text: string, tag: string): Read<boolean> {
  const content = readTag(text, tag);
  if (!content.ok) return content;
  if (content.value === 'true') return { ok: true, value: true };
  if (content.value === 'false') return { ok: true, value: false };
  const shown = content.value.length > 40 ? `${content.value.slice(0, 40)}…` : content.value;
  return {
    ok: false,
    code: 'invalid-answer',
    reason: `<${tag}> must be true or false, got ${JSON.stringify(shown)}`,
  };
}
