import { type NumberToken, scanDateText } from '../text/scan-date-text.js';
import type { PromptRules } from './prompt-rules.js';

/** Date parts as the simulated model reads them; `?` where it found nothing. */
export interface ReadParts {
  /** Day, as digits. */
  readonly day: string;
  /** Month number, as digits. */
  readonly month: string;
  /** Year digits as written. */
  readonly year: string;
}

/**
 * The simulated interpret skill. Without rules it is a naive reader: it takes numbers in the
 * order they appear, knows full month names only, and reads numeric dates month-first unless
 * they start with a four-digit year. Each stated rule changes exactly one of those habits.
 */
export function interpretAsTold(text: string, rules: PromptRules): ReadParts {
  const tokens = scanDateText(text);
  const numbers = tokens.filter(
    (token): token is NumberToken =>
      token.kind === 'number' && !(rules.ignoreDistractors && token.distractor),
  );
  const month = tokens.find(
    (token) => token.kind === 'month' && (!token.abbreviated || rules.abbreviatedMonths),
  );
  const digits = (token: NumberToken | undefined) => token?.digits ?? '?';
  if (month?.kind === 'month') {
    return { day: digits(numbers[0]), month: String(month.month), year: digits(numbers[1]) };
  }
  const [first, second, third] = numbers;
  if (first !== undefined && first.digits.length === 4) {
    return { year: first.digits, month: digits(second), day: digits(third) };
  }
  const dayFirst =
    rules.numericDayFirst && !(rules.slashMonthFirst && first?.separatorAfter === '/');
  return dayFirst
    ? { day: digits(first), month: digits(second), year: digits(third) }
    : { month: digits(first), day: digits(second), year: digits(third) };
}
