import {
  createRandom,
  type MiproPromptKind,
  miproPromptKindOf,
  type ProposalDemonstration,
  type Random,
  readMiproObservationPrompt,
  readMiproProposalPrompt,
} from '@forge/program';
import { type SimRuleId, simRule, simRules } from '../../world/sim-rules.js';
import { type PromptModule, statedRules, writeModulePrompt } from '../write-module-prompt.js';
import {
  conventionSentence,
  conventionsShown,
  readingConventionsShownBy,
} from './observed-conventions.js';

/**
 * The simulated answer to a MIPROv2 request. It knows the date world only through what the
 * request shows: the observer reads conventions off training examples and their gold dates,
 * the summarizer keeps them, the proposer writes a complete prompt for its module stating the
 * conventions the data summary and the demonstrations show — each kept with probability 3/4,
 * drawn from the request, so candidates differ. At the malformed rate the block goes missing.
 */
export function answerMiproRequest(options: {
  readonly user: string;
  readonly requestHash: string;
  readonly malformed: boolean;
}): string {
  const contract = miproPromptKindOf(options.user);
  const tag = {
    observe: 'observations',
    summarize: 'summary',
    'describe-program': 'program_description',
    'describe-module': 'module_description',
    propose: 'proposed_instruction',
  }[contract ?? 'propose'];
  const content = contentFor(contract, options.user, createRandom(options.requestHash, 'mipro'));
  if (options.malformed) {
    return createRandom(options.requestHash, 'malformed-kind').next() < 0.5
      ? `Here it is:\n\n${content}`
      : `<${tag}>\n${content}\n`;
  }
  return `<${tag}>\n${content}\n</${tag}>`;
}

function contentFor(contract: MiproPromptKind | undefined, user: string, random: Random): string {
  switch (contract) {
    case 'observe':
      return observe(user);
    case 'summarize': {
      const rules = statedRules(user);
      return `Each example is a short English text that mentions one calendar date, and the gold output is that date as YYYY-MM-DD.${rules.length === 0 ? '' : ` ${rules.join(' ')}`}`;
    }
    case 'describe-program':
      return 'The program normalises the date mentioned in a text: `interpret` reports the day, month and year as written, and `format` writes them as a YYYY-MM-DD date.';
    case 'describe-module':
      return /# Module\n\n`interpret`/.test(user)
        ? 'It finds the date in the text and reports its day, month and year as written, which the next module turns into an ISO date.'
        : /# Module\n\n`format`/.test(user)
          ? 'It turns the reported day, month and year into the final YYYY-MM-DD date, expanding two-digit years.'
          : 'It is one step of the date-normalisation program.';
    case 'propose':
    case undefined:
      return propose(user, random);
  }
}

function observe(user: string): string {
  const request = readMiproObservationPrompt(user);
  const prior = request.priorObservations;
  const examples = request.examples.map((instance) => ({
    text: instance.input['text'] ?? '',
    date: instance.gold['date'] ?? '',
  }));
  const shown = conventionsShown(examples).map(conventionSentence);
  if (prior === undefined) {
    return [
      '- Each example is a short English text that mentions one calendar date; the gold output is that date as YYYY-MM-DD.',
      ...shown.map((sentence) => `- ${sentence}`),
    ].join('\n');
  }
  const known = statedRules(prior);
  const fresh = shown.filter(
    (sentence) => !known.some((rule) => normalise(rule) === normalise(sentence)),
  );
  return fresh.length === 0 ? 'COMPLETE' : fresh.map((sentence) => `- ${sentence}`).join('\n');
}

function propose(user: string, random: Random): string {
  const request = readMiproProposalPrompt(user);
  const module: PromptModule =
    request.module === 'interpret' || request.module === 'format' ? request.module : 'unknown';
  const basic = request.basicInstruction ?? '';
  const fromSummary = statedRules(request.datasetSummary ?? '');
  const fromDemos = demonstratedConventions(request.demonstrations, module);
  const candidates = [...fromSummary, ...fromDemos.map(conventionSentence)].filter(
    (sentence, index, all) =>
      all.findIndex((other) => normalise(other) === normalise(sentence)) === index,
  );
  const rules = candidates.filter((sentence) => {
    const owner = ruleOf(sentence);
    const ours = owner === undefined || module === 'unknown' || simRule(owner).module === module;
    return ours && random.next() < 0.75;
  });
  return writeModulePrompt({ module, currentPrompt: basic, newRules: rules });
}

/** Conventions the module's demonstrations show: a correct reading or formatting of a date. */
function demonstratedConventions(
  demonstrations: readonly ProposalDemonstration[],
  module: PromptModule,
): SimRuleId[] {
  const shown = new Set<SimRuleId>();
  for (const demo of demonstrations) {
    const field = (fields: Record<string, string>, name: string) => fields[name]?.trim() ?? '';
    const { input, output } = demo;
    if (module === 'interpret') {
      const written = {
        day: field(output, 'day'),
        month: field(output, 'month'),
        year: field(output, 'year'),
      };
      for (const rule of readingConventionsShownBy(field(input, 'text'), written)) shown.add(rule);
    } else if (module === 'format') {
      const year = field(input, 'year');
      const date = field(output, 'date');
      if (year.length !== 2) continue;
      if (date.startsWith(`20${year}`)) shown.add('two-digit-2000s');
      if (date.startsWith(`19${year}`) && Number(year) >= 50) shown.add('two-digit-pivot');
    }
  }
  return [...shown];
}

/** The rule a canonical sentence states (any pivot value counts as the pivot rule). */
function ruleOf(sentence: string): SimRuleId | undefined {
  const words = normalise(sentence);
  if (/two digit years from \d{1,2} to 99 belong to the 1900s/.test(words))
    return 'two-digit-pivot';
  return simRules.find((rule) => normalise(rule.phrase) === words)?.id;
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
