import type { ReadParts } from './interpret-as-told.js';
import type { PromptRules } from './prompt-rules.js';

/**
 * The simulated format skill: writes `YYYY-MM-DD` from date parts, or `unknown` when a part is
 * not a number. Two-digit years are 19xx unless the prompt states otherwise; a stated pivot
 * takes precedence over a stated 2000s rule for the years it covers.
 */
export function formatAsTold(parts: ReadParts, rules: PromptRules): string {
  if (![parts.day, parts.month, parts.year].every((part) => /^\d+$/.test(part))) return 'unknown';
  const day = Number.parseInt(parts.day, 10);
  const month = Number.parseInt(parts.month, 10);
  const digits = Number.parseInt(parts.year, 10);
  let year: number;
  if (parts.year.length === 2) {
    const nineteen = rules.pivot !== undefined && digits >= rules.pivot;
    year = (nineteen || !rules.twoDigit2000s ? 1900 : 2000) + digits;
  } else if (parts.year.length === 4) {
    year = digits;
  } else {
    return 'unknown';
  }
  const two = (value: number) => String(value).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
}
