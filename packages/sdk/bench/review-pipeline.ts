// The three-module typed program of the estimate bench (estimate-vs-actual.ts): product reviews
// through extract → judge → summarize, its data, its metric, and the scripted stand-ins' answers.
// It is built to behave as a real task on a real model does under a dry run's estimate, not to hit
// a ratio:
// - 36 distinct reviews (24 train, 12 validation), two to three clauses each, drawn once from a
//   fixed seed: 12 product parts, four phrasings of each sentiment family, the part named after
//   "the", "its" or "my", and now and then a remark about something that is not a part (the price,
//   the delivery).
// - Five rules the task model follows only once its prompt states them, each taught by feedback on
//   the instances that need it: extract finds parts after "its"/"my" (rule 1) and leaves out
//   what is not a part (rule 2); judge knows that "died"/"stopped working" (rule 3) and
//   "flimsy"/"cheap"/"noisy"/"slow" (rule 4) are negative (without them it catches "fails" and
//   "broke" only); summarize writes "part +, part -" (rule 5). The search learns them over several
//   reflections, one module a step.
// - A ceiling below 1.0: negated and sarcastic complaints ("is not great", "just perfect — it quit
//   on day two") the judge always calls positive, whatever its prompt says; one review in
//   four has one. Minibatches stay imperfect, as on a real model, and the search keeps reflecting.
// - The judge's first answer on a review that names the charger cannot be parsed: the program
//   re-asks once.
// - The scripted reflector appends the feedback's new rules to the prompt, and when there is none
//   rewrites the prompt anyway (its lines in another order), as a real reflector always proposes a
//   new prompt; the scripted generator writes a new review from the failed one (other parts, the
//   same phrasings, a remark more for a stress case) with its gold from the same reading of the
//   text, and the scripted verifier accepts it.
import {
  createRandom,
  defineModule,
  defineProgram,
  type Instance,
  type InstanceOf,
} from '@forge/program';
import { z } from 'zod';
import { defaultReflect, type MutateInstance } from '../src/testing/forge-contracts.js';
import { scriptedTaskModel } from '../src/testing/scripted-task-model.js';

const judged = z.object({ aspect: z.string(), sentiment: z.enum(['positive', 'negative']) });
const extract = defineModule({
  name: 'extract',
  seedPrompt: 'List the aspects of the product the review talks about.',
  input: z.object({ review: z.string() }),
  output: z.object({ aspects: z.array(z.string()) }),
  reasoning: true,
});
const judge = defineModule({
  name: 'judge',
  seedPrompt: 'Judge the sentiment of the review about each aspect.',
  input: z.object({ review: z.string(), aspects: z.array(z.string()) }),
  output: z.object({ sentiments: z.array(judged) }),
  maxReasks: 1,
});
const summarize = defineModule({
  name: 'summarize',
  seedPrompt: 'Summarize the judged aspects in one line.',
  input: z.object({ sentiments: z.array(judged) }),
  output: z.object({ summary: z.string() }),
});
export const reviewProgram = defineProgram({
  name: 'review-pipeline',
  modules: [extract, judge, summarize],
  input: z.object({ review: z.string() }),
  output: z.object({ summary: z.string() }),
  async run({ review }, { call }) {
    const { aspects } = await call(extract, { review });
    const { sentiments } = await call(judge, { review, aspects });
    return call(summarize, { sentiments });
  },
});
type Review = InstanceOf<typeof reviewProgram>;

/** The rules the metric's feedback states and the task model follows once its prompt has them. */
export const rules = {
  mentions: 'An aspect may follow "its" or "my" as well as "the".',
  partsOnly:
    'List only parts of the product, never the price, the delivery, the box or the manual.',
  failures: 'An aspect the review says died or stopped working is negative.',
  flaws: 'An aspect the review calls flimsy, cheap, noisy or slow is negative.',
  format:
    'Write each aspect as its name and + or -, joined by commas, such as "screen +, hinge -".',
  // Taught too, but beyond the scripted model: it never applies it.
  negation:
    'A negated or sarcastic compliment ("not great", "just perfect — it quit") is negative.',
} as const;

const parts = [
  'screen',
  'battery',
  'keyboard',
  'speaker',
  'camera',
  'hinge',
  'trackpad',
  'charger',
  'fan',
  'webcam',
  'port',
  'case',
];
const remarks = [
  'the price is fair',
  'the delivery was quick',
  'the box arrived dented',
  'the manual is clear',
];
const notParts = new Set(['price', 'delivery', 'box', 'manual']);
// Sentiment families and their phrasings; `{}` is where the part is named ("the screen").
const families = {
  praise: ['I love {}', '{} is excellent', '{} works well', '{} impressed me'],
  obvious: ['{} fails', '{} broke after a week'],
  failure: ['{} died within a month', '{} stopped working'],
  flaw: ['{} is flimsy', '{} feels cheap', '{} is too noisy', '{} is painfully slow'],
  ceiling: ['{} is not great', '{} is hardly usable', 'just perfect — {} quit on day two'],
} as const;
type Family = keyof typeof families;
const patterns: Record<Exclude<Family, 'praise'>, RegExp> = {
  obvious: /\b(fails|broke)\b/,
  failure: /\b(died|stopped working)\b/,
  flaw: /\b(flimsy|cheap|noisy|slow)\b/,
  ceiling: /\b(not great|hardly usable|just perfect)\b/,
};
const joiners = ['. ', ', but ', '; ', ', and '];

/** The clauses of a review, each naming one thing after "the", "its" or "my". */
function clausesOf(review: string): { clause: string; thing: string; determiner: string }[] {
  return review
    .toLowerCase()
    .replace(/\.$/, '')
    .split(/\. |, but |; |, and /)
    .flatMap((clause) => {
      const match = /\b(the|its|my) (\w+)/.exec(clause);
      return match === null
        ? []
        : [{ clause, determiner: match[1] as string, thing: match[2] as string }];
    });
}

function familyOf(clause: string): Family {
  for (const [family, pattern] of Object.entries(patterns)) {
    if (pattern.test(clause)) return family as Family;
  }
  return 'praise';
}

/** The gold summary: every part the review names, + for praise, - for anything else. */
export function goldSummary(review: string): string {
  return clausesOf(review)
    .filter(({ thing }) => !notParts.has(thing))
    .map(({ clause, thing }) => `${thing} ${familyOf(clause) === 'praise' ? '+' : '-'}`)
    .join(', ');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 36 distinct reviews from a fixed seed: 24 train, 12 validation. */
export function reviewData(): { train: Review[]; validation: Review[] } {
  const random = createRandom('estimate-bench', 'reviews');
  const seen = new Set<string>();
  const all: Review[] = [];
  while (all.length < 36) {
    const count = 2 + random.int(2);
    const chosen = new Set<string>();
    while (chosen.size < count) chosen.add(parts[random.int(parts.length)] as string);
    const clauses = [...chosen].map((part) => {
      const roll = random.next();
      const family: Family =
        roll < 0.42
          ? 'praise'
          : roll < 0.56
            ? 'obvious'
            : roll < 0.7
              ? 'failure'
              : roll < 0.9
                ? 'flaw'
                : 'ceiling';
      const phrasings = families[family];
      const phrasing = phrasings[random.int(phrasings.length)] as string;
      const determiner = random.next() < 0.25 ? (random.next() < 0.5 ? 'its' : 'my') : 'the';
      return phrasing.replace('{}', `${determiner} ${part}`);
    });
    if (random.next() < 0.3)
      clauses.splice(random.int(clauses.length + 1), 0, random.pick(remarks));
    let review = capitalise(clauses[0] as string);
    let last = '';
    for (const clause of clauses.slice(1)) {
      // No joiner twice in a row ("…, but …, but …").
      const choices = joiners.filter((joiner) => joiner !== last);
      const joiner = choices[random.int(choices.length)] as string;
      last = joiner;
      review += joiner + (joiner === '. ' ? capitalise(clause) : clause);
    }
    review += '.';
    if (seen.has(review)) continue;
    seen.add(review);
    const split = all.length < 24 ? 'train' : 'validation';
    all.push({
      id: `${split}-${all.length}`,
      input: { review },
      gold: { summary: goldSummary(review) },
    });
  }
  return { train: all.slice(0, 24), validation: all.slice(24) };
}

// "screen +, hinge -" (or the seed prompt's "screen: positive; hinge: negative") as part → sign.
function readSummary(summary: string): Map<string, string> {
  const read = new Map<string, string>();
  for (const item of summary.toLowerCase().split(/[,;]/)) {
    const match = /^\s*(\w+)(?::\s*(positive|negative)|\s+([+-]))\s*$/.exec(item);
    if (match === null) continue;
    read.set(match[1] as string, match[3] ?? (match[2] === 'positive' ? '+' : '-'));
  }
  return read;
}

/**
 * Four fifths for the parts judged right (over the gold's parts and any extra listed), a fifth
 * for the format; feedback to the module at fault, stating the rule it missed.
 */
export function reviewMetric(
  instance: Instance<{ review: string }, { summary: string }>,
  execution: { output: { summary?: string } },
): { score: number; moduleFeedback: Record<string, string> } {
  const summary = execution.output.summary ?? '';
  const gold = readSummary(instance.gold.summary);
  const given = readSummary(summary);
  const formatted = /^\w+ [+-](, \w+ [+-])*$/.test(summary);
  let right = 0;
  const feedback: Record<'extract' | 'judge' | 'summarize', Set<string>> = {
    extract: new Set(),
    judge: new Set(),
    summarize: new Set(),
  };
  for (const { clause, thing, determiner } of clausesOf(instance.input.review)) {
    const goldSign = gold.get(thing);
    const sign = given.get(thing);
    if (goldSign === undefined) {
      if (sign !== undefined) feedback.extract.add(rules.partsOnly);
    } else if (sign === undefined) {
      if (determiner !== 'the') feedback.extract.add(rules.mentions);
    } else if (sign === goldSign) {
      right++;
    } else {
      const family = familyOf(clause);
      if (family === 'failure') feedback.judge.add(rules.failures);
      if (family === 'flaw') feedback.judge.add(rules.flaws);
      if (family === 'ceiling') feedback.judge.add(rules.negation);
    }
  }
  if (!formatted) feedback.summarize.add(rules.format);
  const extra = [...given.keys()].filter((thing) => !gold.has(thing)).length;
  const content = gold.size + extra === 0 ? 1 : right / (gold.size + extra);
  const moduleFeedback: Record<string, string> = {};
  for (const [module, sentences] of Object.entries(feedback)) {
    if (sentences.size > 0) moduleFeedback[module] = [...sentences].join(' ');
  }
  return {
    score: Math.round((0.8 * content + 0.2 * Number(formatted)) * 1000) / 1000,
    moduleFeedback,
  };
}

/** The scripted task model: follows a rule once its prompt states it; never gets the ceiling. */
export const reviewTaskModel = scriptedTaskModel({
  program: reviewProgram,
  answer: ({ module, input, prompt, attempt }) => {
    if (module === 'extract') {
      const found = clausesOf(String(input['review']))
        .filter(({ determiner }) => determiner === 'the' || prompt.includes(rules.mentions))
        .filter(({ thing }) => !(notParts.has(thing) && prompt.includes(rules.partsOnly)))
        .map(({ thing }) => thing);
      return {
        reasoning: `The review mentions ${found.length} things: ${found.join(', ')}.`,
        aspects: found,
      };
    }
    if (module === 'judge') {
      const review = String(input['review']);
      if (attempt === 0 && /\bcharger\b/i.test(review))
        return '<sentiments>mostly fine</sentiments>';
      const clauses = clausesOf(review);
      return {
        sentiments: (input['aspects'] as string[]).map((aspect) => {
          const clause = clauses.find(({ thing }) => thing === aspect)?.clause ?? '';
          const negative =
            patterns.obvious.test(clause) ||
            (prompt.includes(rules.failures) && patterns.failure.test(clause)) ||
            (prompt.includes(rules.flaws) && patterns.flaw.test(clause));
          return { aspect, sentiment: negative ? 'negative' : 'positive' };
        }),
      };
    }
    const sentiments = input['sentiments'] as { aspect: string; sentiment: string }[];
    return {
      summary: prompt.includes(rules.format)
        ? sentiments
            .map((item) => `${item.aspect} ${item.sentiment === 'positive' ? '+' : '-'}`)
            .join(', ')
        : sentiments.map((item) => `${item.aspect}: ${item.sentiment}`).join('; '),
    };
  },
});

/**
 * The scripted reflector: the feedback's new rules appended; with none, the prompt rewritten (its
 * first line moved last, or a reminder added), as a real reflector always proposes something.
 */
export function reviewReflect(reflection: {
  currentPrompt: string;
  feedback: readonly string[];
}): string {
  const appended = defaultReflect(reflection);
  if (appended !== reflection.currentPrompt) return appended;
  const lines = reflection.currentPrompt.split('\n');
  return lines.length < 2
    ? `${reflection.currentPrompt}\nRead the whole review before answering.`
    : [...lines.slice(1), lines[0]].join('\n');
}

// Each intent moves the parts by its own offset; a stress case gets a remark more.
const shifts: Record<string, number> = { positive: 1, negative: 5, boundary: 3, stress: 7 };

/** The scripted generator: a new review from the failed one, its gold read from its text. */
export const reviewMutate: MutateInstance = ({ input, intent }) => {
  const shift = shifts[intent] ?? 2;
  let review = String(input['review']).replace(/\b(the|its|my) (\w+)/gi, (whole, det, thing) => {
    const at = parts.indexOf(String(thing).toLowerCase());
    return at < 0 ? whole : `${det} ${parts[(at + shift) % parts.length]}`;
  });
  if (intent === 'stress')
    review = `${review.replace(/\.$/, '')}; ${remarks[shift % remarks.length]}.`;
  return { input: { review }, gold: { summary: goldSummary(review) } };
};
