import { type NumberToken, scanDateText } from '../text/scan-date-text.js';
import {
  type CalendarDate,
  type DateConditions,
  type DateForm,
  isoDate,
  isRealDate,
} from './date-case.js';
import { twoDigitYearPivot } from './sim-rules.js';

/** A number in the text that is not part of the date. */
export interface DistractorNumber {
  /** Its value. */
  readonly value: number;
  /** The phrase it sits in (`Ticket 7`, `At 10:30`). */
  readonly phrase: string;
  /** True when it comes before the date. */
  readonly before: boolean;
}

/** The date parts as written: what the interpret module should report. */
export interface WrittenParts {
  /** Day of the month. */
  readonly day: number;
  /** Month number. */
  readonly month: number;
  /** Year digits as written (`21`, `2021`). */
  readonly year: string;
}

/** The reference reading of a text: the ground truth under the hidden rules. */
export type DateReading =
  | {
      readonly ok: true;
      /** The date meant. */
      readonly date: CalendarDate;
      /** `YYYY-MM-DD`. */
      readonly iso: string;
      /** The parts as written. */
      readonly parts: WrittenParts;
      /** The conditions the rules depend on. */
      readonly conditions: DateConditions;
      /** Offsets of the date expression in the text. */
      readonly span: { readonly start: number; readonly end: number };
      /** The date expression as written. */
      readonly expression: string;
      /** The month word as written, for month-name forms. */
      readonly monthWord: string | undefined;
      /** Numbers in the text that are not date parts. */
      readonly distractors: readonly DistractorNumber[];
    }
  | { readonly ok: false; readonly reason: string };

/**
 * Reads a date text under the hidden rules (the world's reference solver): dotted dates are
 * day-first, slash dates month-first, ISO dates year-first; abbreviations name months;
 * two-digit years below the pivot are 20xx, from it 19xx; distractor numbers are ignored.
 */
export function readDateText(text: string): DateReading {
  const tokens = scanDateText(text);
  const numbers = tokens.filter(
    (token): token is NumberToken => token.kind === 'number' && !token.distractor,
  );
  const month = tokens.find((token) => token.kind === 'month');
  let form: DateForm;
  let dayToken: NumberToken;
  let monthNumber: number;
  let yearToken: NumberToken;
  let start: number;
  let end: number;
  if (month?.kind === 'month') {
    const [first, second] = numbers;
    if (first === undefined || second === undefined) {
      return { ok: false, reason: 'a month name needs a day and a year beside it' };
    }
    dayToken = first;
    yearToken = second;
    monthNumber = month.month;
    form = month.start < first.start ? 'month-name-day' : 'day-month-name';
    start = Math.min(month.start, first.start);
    end = Math.max(month.end, second.end);
  } else {
    const index = numbers.findIndex((token, position) => {
      const next = numbers[position + 1];
      const last = numbers[position + 2];
      return (
        token.separatorAfter !== undefined &&
        next !== undefined &&
        last !== undefined &&
        next.start === token.end + 1 &&
        last.start === next.end + 1 &&
        next.separatorAfter === token.separatorAfter
      );
    });
    const [a, b, c] = [numbers[index], numbers[index + 1], numbers[index + 2]];
    if (index < 0 || a === undefined || b === undefined || c === undefined) {
      return { ok: false, reason: 'no month name and no numeric date (three joined numbers)' };
    }
    start = a.start;
    end = c.end;
    if (a.separatorAfter === '-' && a.digits.length === 4) {
      form = 'iso';
      [yearToken, monthNumber, dayToken] = [a, b.value, c];
    } else if (a.separatorAfter === '.') {
      form = 'dotted';
      [dayToken, monthNumber, yearToken] = [a, b.value, c];
    } else if (a.separatorAfter === '/') {
      form = 'slash';
      [monthNumber, dayToken, yearToken] = [a.value, b, c];
    } else {
      return { ok: false, reason: 'dashed dates must start with a four-digit year' };
    }
  }
  const yearDigits = yearToken.digits;
  const twoDigit = yearDigits.length === 2 && form !== 'iso';
  const namedForm = form === 'day-month-name' || form === 'month-name-day';
  if (yearDigits.length !== 4 && !twoDigit) {
    return { ok: false, reason: `year "${yearDigits}" has neither two nor four digits` };
  }
  if (namedForm && twoDigit !== yearToken.apostrophe) {
    return { ok: false, reason: "beside a month name a two-digit year is written '21" };
  }
  const yearValue = Number.parseInt(yearDigits, 10);
  const year = twoDigit ? (yearValue < twoDigitYearPivot ? 2000 : 1900) + yearValue : yearValue;
  const date: CalendarDate = { year, month: monthNumber, day: dayToken.value };
  if (!isRealDate(date)) return { ok: false, reason: `no such date: ${isoDate(date)}` };
  const distractors = tokens
    .filter((token): token is NumberToken => token.kind === 'number' && token.distractor)
    .filter((token) => !/\d:$/.test(text.slice(0, token.start)))
    .map((token) => ({
      value: token.value,
      phrase: surroundingPhrase(text, token),
      before: token.start < start,
    }));
  return {
    ok: true,
    date,
    iso: isoDate(date),
    parts: { day: date.day, month: date.month, year: yearDigits },
    conditions: {
      form,
      monthStyle: namedForm
        ? month?.kind === 'month' && month.abbreviated
          ? 'abbreviated'
          : 'full'
        : 'numeric',
      yearStyle: twoDigit ? 'two' : 'four',
      century: twoDigit ? (year < 2000 ? '1900s' : '2000s') : 'none',
      distractorsBefore: distractors.filter((distractor) => distractor.before).length,
      distractorsAfter: distractors.filter((distractor) => !distractor.before).length,
    },
    span: { start, end },
    expression: text.slice(start, end),
    monthWord: month?.kind === 'month' ? month.word : undefined,
    distractors,
  };
}

function surroundingPhrase(text: string, token: NumberToken): string {
  const boundary = /[,;()]|:\s|\.\s/g;
  let from = 0;
  let to = text.length;
  for (const match of text.matchAll(boundary)) {
    const at = match.index;
    if (at < token.start) from = at + match[0].length;
    else if (at >= token.end) {
      to = at;
      break;
    }
  }
  return text.slice(from, to).trim().replace(/[.:]$/, '');
}
