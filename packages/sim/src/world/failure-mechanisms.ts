import type { DateConditions, DateForm } from './date-case.js';
import type { SimModuleName, SimRuleId } from './sim-rules.js';

/** Identifier of a way the program can fail. */
export type MechanismId =
  | 'dotted-read-month-first'
  | 'slash-read-day-first'
  | 'abbreviated-month-missed'
  | 'distractor-read'
  | 'two-digit-read-as-1900s'
  | 'two-digit-read-as-2000s';

/** Mechanisms that share a cause; the assigner's broad clusters are families. */
export type MechanismFamily = 'day-month-order' | 'month-name' | 'two-digit-year' | 'distractor';

/** One failure mechanism: how feedback names it and which conditions produce it. */
export interface FailureMechanism {
  /** Identifier. */
  readonly id: MechanismId;
  /** Family it belongs to. */
  readonly family: MechanismFamily;
  /** The module at fault. */
  readonly module: SimModuleName;
  /** The rule whose phrase fixes it. */
  readonly rule: SimRuleId;
  /** Recognises the mechanism in feedback written by the evaluator. */
  readonly cue: RegExp;
  /** Cluster name of a failure mode holding only this mechanism. */
  readonly clusterName: string;
  /** True when cluster names also say in which date form it was seen. */
  readonly formScoped: boolean;
  /** Failure description of such a mode. */
  readonly description: string;
  /** The conditions under which it occurs. */
  readonly trigger: (conditions: DateConditions) => boolean;
  /** The sibling conditions under which the fixing rule must not fire. */
  readonly mirror: (conditions: DateConditions) => boolean;
}

/** A family of mechanisms, as a broad failure mode. */
export interface MechanismFamilyInfo {
  /** Identifier. */
  readonly id: MechanismFamily;
  /** Cluster name of the broad mode. */
  readonly clusterName: string;
  /** Failure description of the broad mode. */
  readonly description: string;
  /** Recognises the family in a failure description written by anyone. */
  readonly cue: RegExp;
  /** Conditions a plain new example of the family has. */
  readonly trigger: (conditions: DateConditions) => boolean;
}

export const failureMechanisms: readonly FailureMechanism[] = [
  {
    id: 'dotted-read-month-first',
    family: 'day-month-order',
    module: 'interpret',
    rule: 'numeric-day-first',
    cue: /dotted date "[^"]*" was read month-first/i,
    clusterName: 'dotted_dates_read_month_first',
    formScoped: false,
    description:
      'Dotted numeric dates (DD.MM.YYYY) are read month-first, so the day and the month come out swapped.',
    trigger: (conditions) => conditions.form === 'dotted',
    mirror: (conditions) => conditions.form === 'slash',
  },
  {
    id: 'slash-read-day-first',
    family: 'day-month-order',
    module: 'interpret',
    rule: 'slash-month-first',
    cue: /slash date "[^"]*" was read day-first/i,
    clusterName: 'slash_dates_read_day_first',
    formScoped: false,
    description:
      'Slash dates (MM/DD/YYYY) are read day-first, so the day and the month come out swapped.',
    trigger: (conditions) => conditions.form === 'slash',
    mirror: (conditions) => conditions.form === 'dotted',
  },
  {
    id: 'abbreviated-month-missed',
    family: 'month-name',
    module: 'interpret',
    rule: 'abbreviated-months',
    cue: /abbreviated month name "[^"]*" was not read as a month/i,
    clusterName: 'abbreviated_month_names_missed',
    formScoped: true,
    description:
      'Abbreviated month names (Sept, Dec) are not read as months, so the month and the day are lost.',
    trigger: (conditions) => conditions.monthStyle === 'abbreviated',
    mirror: (conditions) => conditions.monthStyle !== 'abbreviated',
  },
  {
    id: 'distractor-read',
    family: 'distractor',
    module: 'interpret',
    rule: 'ignore-distractors',
    cue: /a number that is not part of the date was read as/i,
    clusterName: 'distractor_number_read_as_date_part',
    formScoped: true,
    description:
      'A number that is not part of the date (a ticket number, a time) is read as a day, month or year.',
    trigger: (conditions) => conditions.distractorsBefore > 0,
    mirror: (conditions) => conditions.distractorsBefore === 0,
  },
  {
    id: 'two-digit-read-as-1900s',
    family: 'two-digit-year',
    module: 'format',
    rule: 'two-digit-2000s',
    cue: /two-digit year read as 19xx/i,
    clusterName: 'two_digit_year_read_as_1900s',
    formScoped: true,
    description: "Two-digit years such as '21 are expanded to 19xx although they mean 20xx.",
    trigger: (conditions) => conditions.century === '2000s',
    mirror: (conditions) => conditions.century === '1900s',
  },
  {
    id: 'two-digit-read-as-2000s',
    family: 'two-digit-year',
    module: 'format',
    rule: 'two-digit-pivot',
    cue: /two-digit year read as 20xx/i,
    clusterName: 'two_digit_year_read_as_2000s',
    formScoped: true,
    description: "Two-digit years such as '87 are expanded to 20xx although they mean 19xx.",
    trigger: (conditions) => conditions.century === '1900s',
    mirror: (conditions) => conditions.century === '2000s',
  },
];

export const mechanismFamilies: readonly MechanismFamilyInfo[] = [
  {
    id: 'day-month-order',
    clusterName: 'day_month_order_confused',
    description:
      'Numeric dates are read in the wrong day/month order for their separator, swapping day and month.',
    cue: /day and month|day[- ]first|month[- ]first|dd\.mm|mm\/dd/i,
    trigger: (conditions) => conditions.form === 'dotted' || conditions.form === 'slash',
  },
  {
    id: 'month-name',
    clusterName: 'month_names_not_recognised',
    description: 'Month names in some spelling are not read as months.',
    cue: /month name|abbreviat/i,
    trigger: (conditions) => conditions.monthStyle === 'abbreviated',
  },
  {
    id: 'two-digit-year',
    clusterName: 'two_digit_year_century_wrong',
    description: 'Two-digit years are expanded to the wrong century.',
    cue: /two-digit year|century|19xx|20xx/i,
    trigger: (conditions) => conditions.yearStyle === 'two',
  },
  {
    id: 'distractor',
    clusterName: 'distractor_numbers_read_as_date_parts',
    description: 'Numbers that are not part of the date are read as date parts.',
    cue: /not part of the date|distractor|ticket|time/i,
    trigger: (conditions) => conditions.distractorsBefore > 0,
  },
];

/** The mechanism with the given id. */
export function failureMechanism(id: MechanismId): FailureMechanism {
  const found = failureMechanisms.find((mechanism) => mechanism.id === id);
  if (found === undefined) throw new RangeError(`unknown failure mechanism ${id}`);
  return found;
}

/** The family with the given id. */
export function mechanismFamily(id: MechanismFamily): MechanismFamilyInfo {
  const found = mechanismFamilies.find((family) => family.id === id);
  if (found === undefined) throw new RangeError(`unknown mechanism family ${id}`);
  return found;
}

/** The mechanisms a feedback text names, in the order it names them. */
export function mechanismsNamedIn(text: string): FailureMechanism[] {
  return failureMechanisms
    .map((mechanism) => ({ mechanism, at: text.search(mechanism.cue) }))
    .filter((entry) => entry.at >= 0)
    .sort((left, right) => left.at - right.at)
    .map((entry) => entry.mechanism);
}

/** Name fragment of a date form, for cluster names. */
export function formSlug(form: DateForm): string {
  return `${form.replaceAll('-', '_')}_dates`;
}

/** A date form in words, for failure descriptions. */
export function formWords(form: DateForm): string {
  switch (form) {
    case 'dotted':
      return 'dotted dates (03.04.2021)';
    case 'slash':
      return 'slash dates (04/03/2021)';
    case 'iso':
      return 'ISO dates (2021-04-03)';
    case 'day-month-name':
      return 'dates with the day before the month name (3 March 2021)';
    case 'month-name-day':
      return 'dates with the month name before the day (March 3, 2021)';
  }
}
