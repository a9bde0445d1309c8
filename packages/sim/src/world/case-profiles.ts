import type { DateForm, MonthStyle, YearStyle } from './date-case.js';
import type { SimRuleId } from './sim-rules.js';

/** A family of instances sharing the conditions the hidden rules depend on. */
export interface CaseProfile {
  /** Profile name, recorded in instance metadata. */
  readonly name: string;
  /** Numeric forms, or `named` for either month-name order. */
  readonly form: Exclude<DateForm, 'day-month-name' | 'month-name-day'> | 'named';
  /** Month style (`numeric` for numeric forms). */
  readonly monthStyle: MonthStyle;
  /** Year style. */
  readonly yearStyle: YearStyle;
  /** Century of two-digit years. */
  readonly century: '1900s' | '2000s' | 'none';
  /** Distractor numbers written before the date. */
  readonly distractorsBefore: number;
  /** Rules a model must state to read it right. */
  readonly rules: readonly SimRuleId[];
}

function profile(
  name: string,
  form: CaseProfile['form'],
  monthStyle: MonthStyle,
  yearStyle: YearStyle,
  century: CaseProfile['century'],
  rules: readonly SimRuleId[],
): CaseProfile {
  return { name, form, monthStyle, yearStyle, century, distractorsBefore: 0, rules };
}

/**
 * Training profiles with their weights. None of them is a slash date, a two-digit year from the
 * pivot up, or a text with distractors: those conditions appear only in validation and test.
 */
export const trainingProfiles: readonly {
  readonly profile: CaseProfile;
  readonly weight: number;
}[] = [
  {
    profile: profile('dotted-four', 'dotted', 'numeric', 'four', 'none', ['numeric-day-first']),
    weight: 4,
  },
  {
    profile: profile('dotted-two', 'dotted', 'numeric', 'two', '2000s', [
      'numeric-day-first',
      'two-digit-2000s',
    ]),
    weight: 2,
  },
  {
    profile: profile('abbreviated-four', 'named', 'abbreviated', 'four', 'none', [
      'abbreviated-months',
    ]),
    weight: 4,
  },
  {
    profile: profile('abbreviated-two', 'named', 'abbreviated', 'two', '2000s', [
      'abbreviated-months',
      'two-digit-2000s',
    ]),
    weight: 2,
  },
  {
    profile: profile('full-two', 'named', 'full', 'two', '2000s', ['two-digit-2000s']),
    weight: 4,
  },
  { profile: profile('full-four', 'named', 'full', 'four', 'none', []), weight: 3 },
  { profile: profile('iso', 'iso', 'numeric', 'four', 'none', []), weight: 2 },
];

/** Validation-only profiles, grouped by the hidden rule they expose. */
export const validationOnlyGroups: readonly (readonly CaseProfile[])[] = [
  [
    profile('slash-four', 'slash', 'numeric', 'four', 'none', ['slash-month-first']),
    profile('slash-two', 'slash', 'numeric', 'two', '2000s', [
      'slash-month-first',
      'two-digit-2000s',
    ]),
  ],
  [
    profile('full-two-1900s', 'named', 'full', 'two', '1900s', ['two-digit-pivot']),
    profile('abbreviated-two-1900s', 'named', 'abbreviated', 'two', '1900s', [
      'abbreviated-months',
      'two-digit-pivot',
    ]),
    profile('dotted-two-1900s', 'dotted', 'numeric', 'two', '1900s', [
      'numeric-day-first',
      'two-digit-pivot',
    ]),
  ],
  // The distractor group wraps training profiles; see withDistractors.
  [],
];

/** A training profile with distractor numbers written before the date. */
export function withDistractors(base: CaseProfile, count: number): CaseProfile {
  return {
    ...base,
    name: `${base.name}+distractors`,
    distractorsBefore: count,
    rules: [...base.rules, 'ignore-distractors'],
  };
}
