import { monthWord } from './month-names.js';

/** A run of digits in the text, with what surrounds it. */
export interface NumberToken {
  readonly kind: 'number';
  /** The digits as written (`03`, `21`, `2021`). */
  readonly digits: string;
  /** Their value. */
  readonly value: number;
  /** Offset of the first character (the apostrophe, when there is one). */
  readonly start: number;
  /** Offset just past the last character (past an ordinal suffix, when there is one). */
  readonly end: number;
  /** True when written with a leading apostrophe (`'21`). */
  readonly apostrophe: boolean;
  /** True when followed by an ordinal suffix (`3rd`). */
  readonly ordinal: boolean;
  /** The separator joining it to a following number (`03.04`), if any. */
  readonly separatorAfter: '.' | '/' | '-' | undefined;
  /**
   * True when the number looks like something other than a date part: a labelled number
   * (`Ticket 7`, `#4471`), a count (`3 items`) or a clock time (`10:30`).
   */
  readonly distractor: boolean;
}

/** A word naming a month. */
export interface MonthToken {
  readonly kind: 'month';
  /** Month number, 1–12. */
  readonly month: number;
  /** True for an abbreviation such as `Sept`. */
  readonly abbreviated: boolean;
  /** The word as written. */
  readonly word: string;
  /** Offset of the first character. */
  readonly start: number;
  /** Offset just past the last character. */
  readonly end: number;
}

/** One token of a date text, in reading order. */
export type DateTextToken = NumberToken | MonthToken;

const tokenPattern = /(['’])?(\d+)(st|nd|rd|th)?(?![A-Za-z])|[A-Za-z]+/g;
const labelBefore =
  /(?:\b(?:ticket|order|room|gate|seat|page|case|flight|platform|ref|box|no)\.?\s*(?:#|no\.?)?\s*|#\s*)$/i;
const unitAfter = /^\s*(?:items?|pages?|boxes|guests|copies|people|kg|parcels|pieces)\b/i;
const clockAfter = /^(?::\d{2}\b|\s*(?:am|pm)\b)/i;
const clockBefore = /\d:$/;

/**
 * Splits a text into the numbers and month words a date reader cares about. This is plain
 * reading skill shared by the simulated task model and the world's reference reader; which
 * tokens count, and in which order they are taken, is decided by each of them.
 */
export function scanDateText(text: string): DateTextToken[] {
  const tokens: DateTextToken[] = [];
  for (const match of text.matchAll(tokenPattern)) {
    const start = match.index;
    const whole = match[0];
    const digits = match[2];
    if (digits === undefined) {
      const named = monthWord(whole);
      if (named !== undefined) {
        tokens.push({ kind: 'month', ...named, word: whole, start, end: start + whole.length });
      }
      continue;
    }
    const end = start + whole.length;
    const digitsStart = start + (match[1]?.length ?? 0);
    const after = text.slice(end);
    const separator = /^([./-])\d/.exec(after)?.[1] as '.' | '/' | '-' | undefined;
    const before = text.slice(Math.max(0, digitsStart - 24), digitsStart);
    const distractor =
      labelBefore.test(before) ||
      unitAfter.test(after) ||
      clockAfter.test(after) ||
      clockBefore.test(before);
    tokens.push({
      kind: 'number',
      digits,
      value: Number.parseInt(digits, 10),
      start,
      end,
      apostrophe: match[1] !== undefined,
      ordinal: match[3] !== undefined,
      separatorAfter: separator,
      distractor,
    });
  }
  return tokens;
}
