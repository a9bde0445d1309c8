import type { Evaluation, Execution, Instance } from '@forge/program';
import { pad2 } from '../world/date-case.js';
import { type DateReading, readDateText } from '../world/read-date-text.js';
import { twoDigitYearPivot } from '../world/sim-rules.js';
import type { ReportedParts } from './date-messages.js';

type Reading = Extract<DateReading, { ok: true }>;

/**
 * The metric of the simulated date task: exact match of the ISO date with the gold one. The
 * feedback names, per module, the mechanism that went wrong in words a reflector can act on
 * ("two-digit year read as 19xx"), found by comparing each module's output with what the
 * world's reference reading says it should have been given its input.
 */
export function evaluateDate(instance: Instance, execution: Execution): Evaluation {
  const gold = String(instance.gold['date'] ?? '');
  const predicted = typeof execution.output['date'] === 'string' ? execution.output['date'] : '';
  if (predicted === gold) return { score: 1, feedback: `Correct: ${gold}.` };
  const headline = `Expected ${gold}, got ${predicted === '' ? '(nothing)' : predicted}.`;
  const text = typeof instance.input['text'] === 'string' ? instance.input['text'] : '';
  const reading = readDateText(text);
  const reported = reportedParts(execution);
  if (!reading.ok || reported === undefined) return { score: 0, feedback: headline };
  const interpretProblems = diagnoseInterpret(reading, reported);
  const formatProblems = diagnoseFormat(reported, predicted);
  const lines = [
    ...interpretProblems.map((problem) => `- interpret: ${problem}`),
    ...formatProblems.map((problem) => `- format: ${problem}`),
  ];
  const partsInWords = `day ${reported.day || '(none)'}, month ${reported.month || '(none)'}, year "${reported.year}"`;
  return {
    score: 0,
    feedback: [headline, ...lines].join('\n'),
    moduleFeedback: {
      interpret:
        interpretProblems.length > 0
          ? interpretProblems.join('\n')
          : `This module read the date parts correctly (${partsInWords}); the error lies in a later step.`,
      format:
        formatProblems.length > 0
          ? formatProblems.join('\n')
          : `Given the parts it received (${partsInWords}), this module wrote the date correctly; the parts themselves were wrong.`,
    },
  };
}

function reportedParts(execution: Execution): ReportedParts | undefined {
  const entry = [...execution.trace].reverse().find((item) => item.module === 'interpret');
  const output = entry?.output;
  if (output === undefined) return undefined;
  const field = (name: string) => (typeof output[name] === 'string' ? String(output[name]) : '');
  return { day: field('day'), month: field('month'), year: field('year') };
}

function diagnoseInterpret(reading: Reading, reported: ReportedParts): string[] {
  if (reported.day === '' && reported.month === '' && reported.year === '') {
    return ['no date parts were reported: the answer lacked the <day>, <month> and <year> tags'];
  }
  const truth = reading.parts;
  const dayOk = asNumber(reported.day) === truth.day;
  const monthOk = asNumber(reported.month) === truth.month;
  const yearOk = reported.year === truth.year;
  if (dayOk && monthOk && yearOk) return [];
  const problems: string[] = [];
  const { form, monthStyle } = reading.conditions;
  const wrongParts = [
    { part: 'day', value: reported.day, ok: dayOk },
    { part: 'month', value: reported.month, ok: monthOk },
    { part: 'year', value: reported.year, ok: yearOk },
  ].filter((entry) => !entry.ok);
  // A distractor that took a part's place explains the other misplaced parts too, so the
  // order checks below only run when no part came from one.
  let stolen: { part: string; phrase: string } | undefined;
  for (const entry of wrongParts) {
    const distractor = reading.distractors.find(
      (candidate) => candidate.before && candidate.value === asNumber(entry.value),
    );
    if (distractor !== undefined) {
      stolen = { part: entry.part, phrase: distractor.phrase };
      break;
    }
  }
  const swapped = asNumber(reported.day) === truth.month && asNumber(reported.month) === truth.day;
  if (swapped && stolen === undefined && form === 'dotted') {
    problems.push(
      `day and month swapped: the dotted date "${reading.expression}" was read month-first, but dotted dates are written day-first (DD.MM.YYYY)`,
    );
  } else if (swapped && stolen === undefined && form === 'slash') {
    problems.push(
      `day and month swapped: the slash date "${reading.expression}" was read day-first, but slash dates are written month-first (MM/DD/YYYY)`,
    );
  }
  // A month word that was read gives the right month; a right month with other parts wrong
  // and no distractor to blame means the month came from a number by chance.
  if (monthStyle === 'abbreviated' && (!monthOk || stolen === undefined)) {
    problems.push(
      `month not recognised: the abbreviated month name "${reading.monthWord}" was not read as a month`,
    );
  }
  if (stolen !== undefined) {
    problems.push(
      `a number that is not part of the date was read as the ${stolen.part}: "${stolen.phrase}" is not a date part`,
    );
  }
  if (problems.length === 0) {
    for (const entry of wrongParts) {
      const expected =
        entry.part === 'year' ? `"${truth.year}"` : String(truth[entry.part as 'day' | 'month']);
      problems.push(`${entry.part} wrong: read "${entry.value}", but the text gives ${expected}`);
    }
  }
  return problems;
}

function diagnoseFormat(reported: ReportedParts, predicted: string): string[] {
  const expected = referenceFormat(reported);
  if (predicted === expected) return [];
  if (predicted === '') return ['no date was written: the answer lacked the <date> tag'];
  const writtenYear = predicted.slice(0, 4);
  if (reported.year.length === 2 && /^\d{2}$/.test(reported.year)) {
    const digits = reported.year;
    if (writtenYear === `19${digits}` && expected.startsWith(`20${digits}`)) {
      return [
        `two-digit year read as 19xx: "${digits}" was expanded to 19${digits}, but it means 20${digits}`,
      ];
    }
    if (writtenYear === `20${digits}` && expected.startsWith(`19${digits}`)) {
      return [
        `two-digit year read as 20xx: "${digits}" was expanded to 20${digits}, but two-digit years from ${twoDigitYearPivot} to 99 mean 19xx (19${digits})`,
      ];
    }
  }
  return [`wrote ${predicted}, but the parts it received give ${expected}`];
}

/** What the format module should write for the parts it received, under the hidden rules. */
export function referenceFormat(parts: ReportedParts): string {
  if (![parts.day, parts.month, parts.year].every((part) => /^\d+$/.test(part))) return 'unknown';
  const digits = Number.parseInt(parts.year, 10);
  let year: number;
  if (parts.year.length === 2) year = (digits < twoDigitYearPivot ? 2000 : 1900) + digits;
  else if (parts.year.length === 4) year = digits;
  else return 'unknown';
  return `${String(year).padStart(4, '0')}-${pad2(Number.parseInt(parts.month, 10))}-${pad2(Number.parseInt(parts.day, 10))}`;
}

function asNumber(value: string): number | undefined {
  return /^\d+$/.test(value) ? Number.parseInt(value, 10) : undefined;
}
