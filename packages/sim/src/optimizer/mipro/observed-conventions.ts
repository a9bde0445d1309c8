import { readDateText } from '../../world/read-date-text.js';
import { type SimRuleId, simRule, simRules } from '../../world/sim-rules.js';

/**
 * The conventions a text's date exercises, as an observer who sees it with its correct answer
 * would name them: a dotted date shows day-first reading (stated, as a reflector that has seen
 * only dotted dates states it, for every numeric date), a slash date month-first, an
 * abbreviation that it names a month, a two-digit year its century, a labelled number or a time
 * that it is not a date part.
 */
function conventionsOf(text: string) {
  const reading = readDateText(text);
  if (!reading.ok) return undefined;
  const { conditions } = reading;
  const shown: SimRuleId[] = [];
  if (conditions.form === 'dotted') shown.push('numeric-day-first');
  if (conditions.form === 'slash') shown.push('slash-month-first');
  if (conditions.monthStyle === 'abbreviated') shown.push('abbreviated-months');
  if (conditions.century === '2000s') shown.push('two-digit-2000s');
  if (conditions.century === '1900s') shown.push('two-digit-pivot');
  if (conditions.distractorsBefore + conditions.distractorsAfter > 0)
    shown.push('ignore-distractors');
  return { reading, shown };
}

/** The conventions an example shows: none unless its answer is the text's date. */
export function conventionsShownBy(text: string, date: string): SimRuleId[] {
  const found = conventionsOf(text);
  return found === undefined || found.reading.iso !== date.trim() ? [] : found.shown;
}

/**
 * The reading conventions an `interpret` demonstration shows: none unless its parts are the
 * text's parts as written.
 */
export function readingConventionsShownBy(
  text: string,
  parts: { readonly day: string; readonly month: string; readonly year: string },
): SimRuleId[] {
  const found = conventionsOf(text);
  if (found === undefined) return [];
  const written = found.reading.parts;
  const right =
    Number(parts.day) === written.day &&
    Number(parts.month) === written.month &&
    parts.year === written.year;
  return right ? found.shown.filter((rule) => simRule(rule).module === 'interpret') : [];
}

/** The conventions a set of examples shows, in rule-table order, each once. */
export function conventionsShown(examples: readonly { text: string; date: string }[]): SimRuleId[] {
  const shown = new Set(
    examples.flatMap((example) => conventionsShownBy(example.text, example.date)),
  );
  return simRules.map((rule) => rule.id).filter((rule) => shown.has(rule));
}

/** The canonical sentence of a convention. */
export function conventionSentence(rule: SimRuleId): string {
  return simRule(rule).phrase;
}
