import type { Message } from '@forge/provider';
import { formatAsTold } from './format-as-told.js';
import { interpretAsTold, type ReadParts } from './interpret-as-told.js';
import type { PromptRules } from './prompt-rules.js';

/** A reading habit a demonstration can switch on. */
type ReadingRule =
  | 'numericDayFirst'
  | 'slashMonthFirst'
  | 'abbreviatedMonths'
  | 'ignoreDistractors';

const readingRules: readonly ReadingRule[] = [
  'numericDayFirst',
  'slashMonthFirst',
  'abbreviatedMonths',
  'ignoreDistractors',
];

interface ReadingExample {
  readonly text: string;
  readonly parts: ReadParts;
}

interface WritingExample {
  readonly parts: ReadParts;
  readonly date: string;
}

/**
 * The rules a request's demonstrations teach, added to the ones its system prompt states. Like a
 * model learning from few-shot examples, the simulated task model compares each demonstrated
 * answer with what it would have answered: it adopts the smallest set of reading habits that
 * explains the most demonstrations, and the 2000s rule (with a pivot) when demonstrated years
 * show it. Demonstrations are the user/assistant pairs before the live user message; they are
 * other instances' answers, never the gold of the input being solved.
 */
export function withDemonstratedRules(
  rules: PromptRules,
  messages: readonly Message[],
): PromptRules {
  const reading: ReadingExample[] = [];
  const writing: WritingExample[] = [];
  // The pairs before the last message, which is the live input.
  for (let index = 0; index + 1 < messages.length - 1; index += 2) {
    const user = messages[index];
    const answer = messages[index + 1];
    if (user?.role !== 'user' || answer?.role !== 'assistant') break;
    const text = /<text>([\s\S]*?)<\/text>/.exec(user.content)?.[1]?.trim();
    const given = /<date_parts>([\s\S]*?)<\/date_parts>/.exec(user.content)?.[1];
    if (text !== undefined) {
      const parts = partsIn(answer.content);
      if (parts !== undefined) reading.push({ text, parts });
    } else if (given !== undefined) {
      const parts = partsIn(given);
      const date = /<date>([\s\S]*?)<\/date>/.exec(answer.content)?.[1]?.trim();
      if (parts !== undefined && date !== undefined) writing.push({ parts, date });
    }
  }
  if (reading.length === 0 && writing.length === 0) return rules;
  return learnWriting(learnReading(rules, reading), writing);
}

function learnReading(rules: PromptRules, examples: readonly ReadingExample[]): PromptRules {
  if (examples.length === 0) return rules;
  const explained = (candidate: PromptRules) =>
    examples.filter((example) => sameParts(interpretAsTold(example.text, candidate), example.parts))
      .length;
  const off = readingRules.filter((rule) => !rules[rule]);
  let best = { rules, explained: explained(rules), size: 0 };
  // Subsets in a fixed order, smaller first: ties keep the fewest habits.
  for (let mask = 1; mask < 1 << off.length; mask++) {
    const chosen = off.filter((_, bit) => (mask >> bit) & 1);
    const candidate = { ...rules, ...Object.fromEntries(chosen.map((rule) => [rule, true])) };
    const score = explained(candidate);
    if (score > best.explained || (score === best.explained && chosen.length < best.size)) {
      best = { rules: candidate, explained: score, size: chosen.length };
    }
  }
  return { ...best.rules, namesPartTags: true };
}

function learnWriting(rules: PromptRules, examples: readonly WritingExample[]): PromptRules {
  if (examples.length === 0) return rules;
  const twoDigit = examples.filter((example) => /^\d{2}$/.test(example.parts.year));
  const century = (example: WritingExample) => example.date.slice(0, 2);
  const in2000s = twoDigit.filter((example) => century(example) === '20');
  let learned: PromptRules = { ...rules, namesDateTag: true };
  if (!rules.twoDigit2000s && in2000s.length > 0) learned = { ...learned, twoDigit2000s: true };
  if (learned.twoDigit2000s && learned.pivot === undefined) {
    // A two-digit year shown as 19xx above every year shown as 20xx marks the pivot.
    const highest2000s = Math.max(-1, ...in2000s.map((example) => Number(example.parts.year)));
    const in1900s = twoDigit
      .filter((example) => century(example) === '19')
      .map((example) => Number(example.parts.year))
      .filter((year) => year > highest2000s);
    if (in1900s.length > 0) learned = { ...learned, pivot: Math.min(...in1900s) };
  }
  // Keep what was learned only when it explains at least as many demonstrations as before.
  const explained = (candidate: PromptRules) =>
    examples.filter((example) => formatAsTold(example.parts, candidate) === example.date).length;
  return explained(learned) >= explained(rules) ? learned : { ...rules, namesDateTag: true };
}

function partsIn(text: string): ReadParts | undefined {
  const tag = (name: string) =>
    new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(text)?.[1]?.trim();
  const day = tag('day');
  const month = tag('month');
  const year = tag('year');
  return day === undefined || month === undefined || year === undefined
    ? undefined
    : { day, month, year };
}

function sameParts(left: ReadParts, right: ReadParts): boolean {
  const number = (value: string) => (/^\d+$/.test(value) ? String(Number(value)) : value);
  return (
    number(left.day) === number(right.day) &&
    number(left.month) === number(right.month) &&
    left.year === right.year
  );
}
