import { pythonWhitespaceClass } from '@forge/python-compat';

/** Which of the official extraction rules produced the letter. */
export type ExtractionRule = 'answer-is' | 'answer-colon' | 'last-letter';

/** A letter and the rule that found it, or no letter at all. */
export type Extraction =
  | {
      /** The extracted option letter, `A`–`J`. */
      readonly letter: string;
      /** The rule that found it. */
      readonly rule: ExtractionRule;
    }
  | { readonly letter: null; readonly rule: null };

/** Human-readable names of the rules, for feedback. */
export const extractionRuleDescriptions: Readonly<Record<ExtractionRule, string>> = {
  'answer-is': `rule 1, 'answer is (X)'`,
  'answer-colon': `rule 2, 'Answer: X'`,
  'last-letter': 'rule 3, the last standalone letter A–J',
};

// MMLU-Pro evaluate_from_api.py, extract_answer: r"answer is \(?([A-J])\)?", first match.
const answerIs = /answer is \(?([A-J])\)?/;
// extract_again: r'.*[aA]nswer:\s*([A-J])' without DOTALL. Python's `\s` is str.isspace().
const answerColonAt = new RegExp(`[aA]nswer:${pythonWhitespaceClass}*([A-J])`, 'y');
const answerColonStart = /[aA]nswer:/g;
// extract_final: r"\b[A-J]\b(?!.*\b[A-J]\b)" with DOTALL, i.e. the last standalone letter. Python's
// str `\w` is exactly the Unicode letters and numbers plus `_` (checked against CPython 3.11).
const standaloneLetter = /(?<![\p{L}\p{N}_])[A-J](?![\p{L}\p{N}_])/gu;

/**
 * The answer letter of a response, or null: strips `**` (as `evaluate_from_api.py` does for API
 * models), then tries the three official rules of MMLU-Pro in order.
 */
export function extractAnswer(response: string): string | null {
  return extractAnswerWithRule(response).letter;
}

/** `extractAnswer`, also naming the rule that decided. */
export function extractAnswerWithRule(response: string): Extraction {
  const text = response.replaceAll('**', '');
  const first = answerIs.exec(text);
  if (first) return { letter: first[1] as string, rule: 'answer-is' };
  const second = answerColon(text);
  if (second !== null) return { letter: second, rule: 'answer-colon' };
  const letters = [...text.matchAll(standaloneLetter)];
  const last = letters.at(-1);
  if (last) return { letter: last[0], rule: 'last-letter' };
  return { letter: null, rule: null };
}

// Python's greedy `.*` cannot cross '\n' (and only '\n'), so re.search settles on the earliest
// line where some "answer:" is followed by whitespace and a letter, and takes the last such
// "answer:" on that line. The whitespace before the letter may run across later lines. Matches
// are tried at every position because they may overlap ("answer: answer: D").
function answerColon(text: string): string | null {
  let chosenLine = -1;
  let chosen: string | null = null;
  answerColonStart.lastIndex = 0;
  for (let found = answerColonStart.exec(text); found; found = answerColonStart.exec(text)) {
    answerColonStart.lastIndex = found.index + 1;
    answerColonAt.lastIndex = found.index;
    const match = answerColonAt.exec(text);
    if (!match) continue;
    const line = lineOf(text, found.index);
    if (chosenLine >= 0 && line !== chosenLine) break;
    chosenLine = line;
    chosen = match[1] as string;
  }
  return chosen;
}

function lineOf(text: string, index: number): number {
  let line = 0;
  for (let position = text.indexOf('\n'); position >= 0 && position < index; ) {
    line++;
    position = text.indexOf('\n', position + 1);
  }
  return line;
}
