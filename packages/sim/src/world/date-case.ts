/** A calendar date. */
export interface CalendarDate {
  /** Full year, e.g. 1987 or 2021. */
  readonly year: number;
  /** Month, 1–12. */
  readonly month: number;
  /** Day of the month, 1–31. */
  readonly day: number;
}

/**
 * How the date is written:
 * - `dotted`: `03.04.2021`, day-first (the European convention);
 * - `slash`: `04/03/2021`, month-first (the US convention);
 * - `iso`: `2021-04-03`, year-first, always with four digits;
 * - `day-month-name`: `3 April 2021`, `3rd of Apr '21`;
 * - `month-name-day`: `April 3, 2021`, `Apr 3rd, '21`.
 */
export type DateForm = 'dotted' | 'slash' | 'iso' | 'day-month-name' | 'month-name-day';

/** Whether the month is a number, a full name or an abbreviation. */
export type MonthStyle = 'numeric' | 'full' | 'abbreviated';

/** Four-digit years, or two-digit years (`21`, or `'21` beside a month name). */
export type YearStyle = 'four' | 'two';

/** A number placed in the text that is not part of the date. */
export interface Distractor {
  /** What the number is. */
  readonly kind: 'ticket' | 'order' | 'room' | 'gate' | 'time' | 'items';
  /** The number (the hour, for a time). */
  readonly value: number;
  /** Minutes, for a time. */
  readonly minutes?: number;
}

/** Surface choices that change the text but not its meaning. */
export interface SurfaceStyle {
  /** Ordinal suffix on the day (`3rd`), for month-name forms. */
  readonly ordinal: boolean;
  /** `3rd of March` rather than `3rd March`, for the day-month-name form. */
  readonly of: boolean;
  /** Two-digit day and month (`03.04`), for numeric forms. */
  readonly padded: boolean;
  /** Index of the sentence frame around the date. */
  readonly frame: number;
}

/** Everything that decides a date text: the date, how it is written and what surrounds it. */
export interface DateCase {
  /** The date meant. */
  readonly date: CalendarDate;
  /** How it is written. */
  readonly form: DateForm;
  /** Month style; `numeric` exactly for the numeric forms. */
  readonly monthStyle: MonthStyle;
  /** Year style; `iso` always has four digits. */
  readonly yearStyle: YearStyle;
  /** Surface choices. */
  readonly style: SurfaceStyle;
  /** Numbers written before the date. */
  readonly distractorsBefore: readonly Distractor[];
  /** Numbers written after the date. */
  readonly distractorsAfter: readonly Distractor[];
}

/**
 * The conditions the hidden rules depend on, read back from a text. Two texts with equal
 * conditions exercise exactly the same rules.
 */
export interface DateConditions {
  /** How the date is written. */
  readonly form: DateForm;
  /** Month style. */
  readonly monthStyle: MonthStyle;
  /** Year style. */
  readonly yearStyle: YearStyle;
  /** For two-digit years, the century the year belongs to; `none` for four-digit years. */
  readonly century: 'none' | '1900s' | '2000s';
  /** Distractor numbers before the date. */
  readonly distractorsBefore: number;
  /** Distractor numbers after the date. */
  readonly distractorsAfter: number;
}

/** True when both describe the same date. */
export function sameDate(left: CalendarDate, right: CalendarDate): boolean {
  return left.year === right.year && left.month === right.month && left.day === right.day;
}

/** The ISO 8601 form `YYYY-MM-DD`. */
export function isoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${pad2(date.month)}-${pad2(date.day)}`;
}

/** True when the date exists in the proleptic Gregorian calendar. */
export function isRealDate(date: CalendarDate): boolean {
  if (!Number.isInteger(date.month) || date.month < 1 || date.month > 12) return false;
  if (!Number.isInteger(date.day) || date.day < 1) return false;
  return date.day <= new Date(Date.UTC(date.year, date.month, 0)).getUTCDate();
}

/** Two digits with a leading zero. */
export function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** The conditions a case writes into its text. */
export function conditionsOf(dateCase: DateCase): DateConditions {
  return {
    form: dateCase.form,
    monthStyle: dateCase.monthStyle,
    yearStyle: dateCase.yearStyle,
    century: dateCase.yearStyle === 'four' ? 'none' : dateCase.date.year < 2000 ? '1900s' : '2000s',
    distractorsBefore: dateCase.distractorsBefore.length,
    distractorsAfter: dateCase.distractorsAfter.length,
  };
}
