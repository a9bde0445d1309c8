import { monthName } from '../text/month-names.js';
import type { DateCase, Distractor } from './date-case.js';
import { pad2 } from './date-case.js';

/**
 * Sentence frames around the date. They hold no digits, no month words and no label words
 * (ticket, room, …) so that the only numbers in a text are the date and its distractors.
 */
export const dateFrames: readonly string[] = [
  'Invoice dated {date}.',
  'The meeting is on {date}.',
  'Delivered {date}.',
  'Contract signed on {date}.',
  'Payment received {date}.',
  'Born {date}.',
  'The library closes on {date}.',
  'Next inspection: {date}.',
  'Shipped {date}, as promised.',
  'Lease starts {date}.',
  'The form was filed {date}.',
  'Exam scheduled for {date}.',
];

/** Renders the whole text of a case: distractors before, the framed date, distractors after. */
export function renderDateText(dateCase: DateCase): string {
  const frame = dateFrames[dateCase.style.frame % dateFrames.length] ?? '{date}';
  const parts = [
    ...dateCase.distractorsBefore.map((distractor) => `${renderDistractor(distractor)}:`),
    frame.replace('{date}', renderDateExpression(dateCase)),
    ...dateCase.distractorsAfter.map((distractor) => `(${renderDistractor(distractor)})`),
  ];
  return parts.join(' ');
}

/** Renders the date expression alone (`03.04.2021`, `3rd of Sept '21`). */
export function renderDateExpression(dateCase: DateCase): string {
  const { date, style } = dateCase;
  const year = dateCase.yearStyle === 'four' ? String(date.year) : pad2(date.year % 100);
  const numeric = (value: number) => (style.padded ? pad2(value) : String(value));
  switch (dateCase.form) {
    case 'dotted':
      return `${numeric(date.day)}.${numeric(date.month)}.${year}`;
    case 'slash':
      return `${numeric(date.month)}/${numeric(date.day)}/${year}`;
    case 'iso':
      return `${String(date.year).padStart(4, '0')}-${pad2(date.month)}-${pad2(date.day)}`;
    case 'day-month-name': {
      const day = style.ordinal ? ordinal(date.day) : String(date.day);
      const month = monthName(date.month, dateCase.monthStyle === 'abbreviated');
      return `${day}${style.of ? ' of' : ''} ${month} ${namedYear(year, dateCase)}`;
    }
    case 'month-name-day': {
      const day = style.ordinal ? ordinal(date.day) : String(date.day);
      const month = monthName(date.month, dateCase.monthStyle === 'abbreviated');
      return `${month} ${day}, ${namedYear(year, dateCase)}`;
    }
  }
}

/** Renders one distractor (`Ticket 7`, `At 10:30`, `3 items`). */
export function renderDistractor(distractor: Distractor): string {
  switch (distractor.kind) {
    case 'ticket':
      return `Ticket ${distractor.value}`;
    case 'order':
      return `Order #${distractor.value}`;
    case 'room':
      return `Room ${distractor.value}`;
    case 'gate':
      return `Gate ${distractor.value}`;
    case 'time':
      return `At ${distractor.value}:${pad2(distractor.minutes ?? 0)}`;
    case 'items':
      return `${distractor.value} items`;
  }
}

function namedYear(year: string, dateCase: DateCase): string {
  return dateCase.yearStyle === 'two' ? `'${year}` : year;
}

function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
  return `${day}${suffix}`;
}
