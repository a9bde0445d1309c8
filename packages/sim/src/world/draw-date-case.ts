import type { Random } from '@forge/program';
import type { CaseProfile } from './case-profiles.js';
import type {
  CalendarDate,
  DateCase,
  DateForm,
  Distractor,
  MonthStyle,
  SurfaceStyle,
  YearStyle,
} from './date-case.js';
import { dateFrames } from './render-date-case.js';
import { twoDigitYearPivot } from './sim-rules.js';

/** The conditions a drawn date must satisfy. */
export interface DateRequirements {
  /** How the date is written. */
  readonly form: DateForm;
  /** Month style. */
  readonly monthStyle: MonthStyle;
  /** Year style. */
  readonly yearStyle: YearStyle;
  /** Century of a two-digit year. */
  readonly century: '1900s' | '2000s' | 'none';
}

/** Draws a case of a profile: a fresh date, surface and distractors. */
export function drawDateCase(profile: CaseProfile, random: Random): DateCase {
  const form: DateForm =
    profile.form === 'named' ? random.pick(['day-month-name', 'month-name-day']) : profile.form;
  const requirements: DateRequirements = {
    form,
    monthStyle: profile.monthStyle,
    yearStyle: profile.yearStyle,
    century: profile.century,
  };
  return {
    ...requirements,
    date: drawDate(requirements, random),
    style: drawStyle(random),
    distractorsBefore: Array.from({ length: profile.distractorsBefore }, () =>
      drawDistractor(random),
    ),
    distractorsAfter: [],
  };
}

/**
 * Draws a date meeting the requirements. Days stay within 1–28 so every month has them; in
 * numeric day/month forms the day differs from the month, so a swapped reading is always wrong.
 */
export function drawDate(requirements: DateRequirements, random: Random): CalendarDate {
  const year = drawYear(requirements, random);
  let month = 1 + random.int(12);
  while (requirements.monthStyle === 'abbreviated' && month === 5) month = 1 + random.int(12);
  let day = 1 + random.int(28);
  const swappable = requirements.form === 'dotted' || requirements.form === 'slash';
  while (swappable && day === month) day = 1 + random.int(28);
  return { year, month, day };
}

/** Draws a year for the style and century: four-digit years span 1950–2035. */
export function drawYear(
  requirements: Pick<DateRequirements, 'yearStyle' | 'century'>,
  random: Random,
): number {
  if (requirements.yearStyle === 'four') return 1950 + random.int(86);
  if (requirements.century === '1900s')
    return 1900 + twoDigitYearPivot + random.int(100 - twoDigitYearPivot);
  return 2000 + random.int(twoDigitYearPivot);
}

/** Draws surface choices. */
export function drawStyle(random: Random): SurfaceStyle {
  return {
    ordinal: random.next() < 0.5,
    of: random.next() < 0.3,
    padded: random.next() < 0.6,
    frame: random.int(dateFrames.length),
  };
}

/** Draws one distractor number. */
export function drawDistractor(random: Random): Distractor {
  const kind = random.pick(['ticket', 'order', 'room', 'gate', 'time', 'items'] as const);
  switch (kind) {
    case 'order':
      return { kind, value: 100 + random.int(9900) };
    case 'time':
      return { kind, value: 7 + random.int(12), minutes: random.pick([0, 15, 30, 45]) };
    default:
      return { kind, value: 2 + random.int(27) };
  }
}
