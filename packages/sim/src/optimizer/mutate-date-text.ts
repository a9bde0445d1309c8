import type { Random } from '@forge/program';
import { trainingProfiles } from '../world/case-profiles.js';
import type { DateCase, DateConditions, DateForm } from '../world/date-case.js';
import { drawDate, drawDateCase, drawDistractor, drawStyle } from '../world/draw-date-case.js';
import type { FailureMechanism } from '../world/failure-mechanisms.js';
import { type DateReading, readDateText } from '../world/read-date-text.js';
import {
  renderDateExpression,
  renderDateText,
  renderDistractor,
} from '../world/render-date-case.js';
import { twoDigitYearPivot } from '../world/sim-rules.js';

/** A mutation intent of the generator contract, plus `random` for the random-synthesis ablation. */
export type MutationIntent = 'positive' | 'negative' | 'boundary' | 'stress' | 'generic' | 'random';

/** A mutated text with a one-line account of what changed. */
export interface Mutation {
  /** The new text. */
  readonly text: string;
  /** What was done, for the generator's visible output. */
  readonly plan: string;
}

type Reading = Extract<DateReading, { ok: true }>;

/**
 * Builds a new date text from a source text according to the intent:
 * - positive / random: same conditions, new date and surface;
 * - generic: a plain new example of the mechanism's family (for two-digit years, either century);
 * - negative: a sibling where the fixing rule must not fire (the mechanism's mirror condition);
 * - boundary: only that one condition moved across the rule's edge, all else kept as written;
 * - stress: the same text with one or two distractor numbers put before it.
 * Falls back to a positive mutation when the mechanism is unknown.
 */
export function mutateDateText(options: {
  readonly sourceText: string;
  readonly mechanism: FailureMechanism | undefined;
  readonly intent: MutationIntent;
  readonly random: Random;
}): Mutation {
  const { random, mechanism } = options;
  const source = readDateText(options.sourceText);
  if (!source.ok) {
    const profile = random.pick(trainingProfiles).profile;
    return {
      text: renderDateText(drawDateCase(profile, random)),
      plan: 'The source could not be read; a fresh example.',
    };
  }
  const intent =
    mechanism === undefined && options.intent !== 'stress' ? 'positive' : options.intent;
  switch (intent) {
    case 'positive':
    case 'random':
      return fresh(
        source.conditions,
        random,
        options.sourceText,
        'Same conditions, new date and wording.',
      );
    case 'generic':
      return fresh(
        genericConditions(source.conditions, mechanism, random),
        random,
        options.sourceText,
        'A plain new example of this kind of failure.',
      );
    case 'negative':
      return fresh(
        mirrored(source.conditions, mechanism),
        random,
        options.sourceText,
        'A sibling where the rule must not fire.',
      );
    case 'boundary':
      return boundary(options.sourceText, source, mechanism, random);
    case 'stress': {
      const count = 1 + random.int(2);
      const prefix = Array.from(
        { length: count },
        () => `${renderDistractor(drawDistractor(random))}:`,
      ).join(' ');
      return {
        text: `${prefix} ${options.sourceText}`,
        plan: `The same text with ${count} distractor number(s) before the date.`,
      };
    }
  }
}

function fresh(
  conditions: DateConditions,
  random: Random,
  sourceText: string,
  plan: string,
): Mutation {
  for (let attempt = 0; attempt < 20; attempt++) {
    const text = renderDateText(caseFor(conditions, random));
    if (text !== sourceText) return { text, plan };
  }
  return { text: renderDateText(caseFor(conditions, random)), plan };
}

function caseFor(conditions: DateConditions, random: Random): DateCase {
  const requirements = {
    form: conditions.form,
    monthStyle: conditions.monthStyle,
    yearStyle: conditions.yearStyle,
    century: conditions.century,
  };
  return {
    ...requirements,
    date: drawDate(requirements, random),
    style: drawStyle(random),
    distractorsBefore: Array.from({ length: conditions.distractorsBefore }, () =>
      drawDistractor(random),
    ),
    distractorsAfter: Array.from({ length: conditions.distractorsAfter }, () =>
      drawDistractor(random),
    ),
  };
}

function mirrored(
  conditions: DateConditions,
  mechanism: FailureMechanism | undefined,
): DateConditions {
  switch (mechanism?.id) {
    case 'dotted-read-month-first':
      return { ...conditions, form: 'slash' };
    case 'slash-read-day-first':
      return { ...conditions, form: 'dotted' };
    case 'abbreviated-month-missed':
      // With no month word at all the rule has nothing to fire on: the same order in numbers,
      // month-first as a slash date, day-first as a dotted one.
      return {
        ...conditions,
        form: conditions.form === 'month-name-day' ? 'slash' : 'dotted',
        monthStyle: 'numeric',
      };
    case 'distractor-read':
      return { ...conditions, distractorsBefore: 0 };
    case 'two-digit-read-as-1900s':
      return { ...conditions, yearStyle: 'two', century: '1900s' };
    case 'two-digit-read-as-2000s':
      return { ...conditions, yearStyle: 'two', century: '2000s' };
    case undefined:
      return conditions;
  }
}

function genericConditions(
  conditions: DateConditions,
  mechanism: FailureMechanism | undefined,
  random: Random,
): DateConditions {
  switch (mechanism?.family) {
    case 'two-digit-year':
      return { ...conditions, yearStyle: 'two', century: random.next() < 0.5 ? '1900s' : '2000s' };
    case 'distractor':
      return { ...conditions, distractorsBefore: 1 + random.int(2) };
    default:
      return conditions;
  }
}

function boundary(
  sourceText: string,
  source: Reading,
  mechanism: FailureMechanism | undefined,
  random: Random,
): Mutation {
  const { date } = source;
  const base: DateCase = {
    date,
    form: source.conditions.form,
    monthStyle: source.conditions.monthStyle,
    yearStyle: source.conditions.yearStyle,
    style: inferStyle(source.expression),
    distractorsBefore: [],
    distractorsAfter: [],
  };
  const replace = (changed: DateCase, plan: string): Mutation => ({
    text:
      sourceText.slice(0, source.span.start) +
      renderDateExpression(changed) +
      sourceText.slice(source.span.end),
    plan,
  });
  const swappable = date.day === date.month ? { ...date, day: (date.day % 28) + 1 } : date;
  switch (mechanism?.id) {
    case 'dotted-read-month-first':
    case 'slash-read-day-first': {
      const form: DateForm = mechanism.id === 'dotted-read-month-first' ? 'slash' : 'dotted';
      return replace(
        { ...base, date: swappable, form },
        `The same date with the other separator (${form}).`,
      );
    }
    case 'abbreviated-month-missed':
      return replace(
        { ...base, monthStyle: 'full' },
        'The same date with the month name written in full.',
      );
    case 'two-digit-read-as-1900s':
    case 'two-digit-read-as-2000s': {
      const toNineteen = mechanism.id === 'two-digit-read-as-1900s';
      const lastDigit = date.year % 10;
      const year = toNineteen
        ? 1900 + twoDigitYearPivot + lastDigit
        : 2000 + twoDigitYearPivot - 10 + lastDigit;
      return replace(
        { ...base, yearStyle: 'two', date: { ...date, year } },
        `The same date with the two-digit year moved just across the ${twoDigitYearPivot} pivot.`,
      );
    }
    case 'distractor-read': {
      const before = source.distractors.filter((distractor) => distractor.before);
      let text = sourceText;
      for (const distractor of before) text = text.replace(`${distractor.phrase}: `, '');
      const moved = before.map((distractor) => `(${distractor.phrase})`).join(' ');
      return {
        text: moved === '' ? text : `${text} ${moved}`,
        plan: 'The distractor numbers moved after the date.',
      };
    }
    case undefined:
      return fresh(source.conditions, random, sourceText, 'Same conditions, new date and wording.');
  }
}

function inferStyle(expression: string): DateCase['style'] {
  return {
    ordinal: /\d(?:st|nd|rd|th)\b/.test(expression),
    of: /\bof\b/.test(expression),
    padded: /(?:^|[./])0\d/.test(expression),
    frame: 0,
  };
}
