import { readSections } from '@forge/program';
import { simRules } from '../world/sim-rules.js';

/** Module names the simulated reflector writes prompts for. */
export type PromptModule = 'interpret' | 'format' | 'unknown';

const sectionNames = [
  '# Role',
  '# Objective',
  '# Inputs',
  '# Core Principles',
  '# Decision Procedure',
  '# Hard Constraints',
  '# Output Contract',
] as const;

const conventionsHeading = '## Date conventions';
const noConventions = 'Use the plain reading when no convention applies.';

interface Template {
  readonly role: string;
  readonly objective: string;
  readonly inputs: string;
  readonly principles: string;
  readonly procedure: string;
  readonly constraints: string;
  readonly output: string;
}

const templates: Record<PromptModule, Template> = {
  interpret: {
    role: 'You read a short English text that mentions one calendar date.',
    objective: 'Find the date and report its day, month and year as they are written.',
    inputs: 'The text arrives inside <text>…</text>.',
    principles:
      '## Reading principles\n\n- Locate the date expression before taking any number from the text.\n- Read the separators and month words: they decide which number is the day and which the month.\n- Keep the year digits exactly as written; expanding them is a later step.',
    procedure:
      '1. List the numbers and month words in the text.\n2. Decide which of them form the date, applying the date conventions.\n3. Decide the order of day and month from how the date is written.\n4. Report the day and the month as numbers and the year with its written digits.',
    constraints:
      '- Report exactly one date.\n- Never invent a part that the text does not give.\n- Do not expand two-digit years.',
    output:
      'You may reason first. End with three tags: <day>DAY</day>, <month>MONTH</month> and\n<year>YEAR</year>. Give the day and the month as numbers; give the year with exactly the digits\nwritten in the text (two or four).',
  },
  format: {
    role: 'You write a date given as parts in ISO 8601 form.',
    objective: 'Turn the day, month and year you receive into one calendar date.',
    inputs:
      'The parts arrive inside <date_parts>…</date_parts> as <day>, <month> and <year>; the year has the\ndigits written in the original text.',
    principles:
      '## Formatting principles\n\n- Trust the parts you receive; do not reorder them.\n- Expand two-digit years following the date conventions.',
    procedure:
      '1. Read the day, the month and the year digits.\n2. Expand a two-digit year to four digits, applying the date conventions.\n3. Pad the month and the day to two digits.\n4. Write the date as YYYY-MM-DD.',
    constraints: '- Write exactly one date.\n- Never change the day or the month you received.',
    output:
      'You may reason first. End with <date>YYYY-MM-DD</date>: four-digit year, two-digit month and day.',
  },
  unknown: {
    role: 'You normalise calendar dates.',
    objective: 'Produce the date the input means.',
    inputs: 'The input arrives in the user message.',
    principles: '## Principles\n\n- Apply the date conventions below.',
    procedure:
      '1. Read the input.\n2. Apply the date conventions.\n3. Answer in the output format.',
    constraints: '- Answer with one date.',
    output: 'You may reason first, then give the answer in the format the task asks for.',
  },
};

/** The canonical rule sentences a prompt states (any pivot value is kept as written). */
export function statedRules(prompt: string): string[] {
  const words = normalise(prompt);
  const stated: string[] = [];
  for (const rule of simRules) {
    if (rule.id === 'two-digit-pivot') {
      const pivot = /two digit years from (\d{1,2}) to 99 belong to the 1900s/.exec(words)?.[1];
      if (pivot !== undefined)
        stated.push(`Two-digit years from ${pivot} to 99 belong to the 1900s.`);
    } else if (words.includes(normalise(rule.phrase))) {
      stated.push(rule.phrase);
    }
  }
  return stated;
}

/**
 * Writes a complete replacement prompt in the required structure. Role, objective, inputs, hard
 * constraints and output contract are kept from the current prompt when it has them; the date
 * conventions are the ones it already states (as bullets or sentences) plus `newRules`.
 */
export function writeModulePrompt(options: {
  readonly module: PromptModule;
  readonly currentPrompt: string;
  readonly newRules: readonly string[];
}): string {
  const template = templates[options.module];
  const current = readSections(options.currentPrompt, sectionNames);
  const kept = (heading: (typeof sectionNames)[number], fallback: string) =>
    current.get(heading) || fallback;
  const bullets =
    (current.get('# Core Principles') ?? '')
      .split(conventionsHeading)[1]
      ?.split('\n')
      .filter((line) => line.startsWith('- '))
      .map((line) => line.slice(2).trim())
      .filter((line) => line !== noConventions) ?? [];
  const conventions: string[] = [];
  for (const rule of [...bullets, ...statedRules(options.currentPrompt), ...options.newRules]) {
    if (!conventions.some((existing) => normalise(existing) === normalise(rule)))
      conventions.push(rule);
  }
  const conventionText =
    conventions.length > 0
      ? conventions.map((rule) => `- ${rule}`).join('\n')
      : `- ${noConventions}`;
  return [
    `# Role\n\n${kept('# Role', template.role)}`,
    `# Objective\n\n${kept('# Objective', template.objective)}`,
    `# Inputs\n\n${kept('# Inputs', template.inputs)}`,
    `# Core Principles\n\n${template.principles}\n\n${conventionsHeading}\n\n${conventionText}`,
    `# Decision Procedure\n\n${template.procedure}`,
    `# Hard Constraints\n\n${kept('# Hard Constraints', template.constraints)}`,
    ...extraSections(options.currentPrompt),
    `# Output Contract\n\n${kept('# Output Contract', template.output)}`,
  ].join('\n\n');
}

/** Level-1 sections of a prompt beyond the required ones (`# Edge Cases`, …), kept as written. */
function extraSections(prompt: string): string[] {
  const headings = [...prompt.matchAll(/^# .+$/gm)];
  return headings
    .map((match, index) => {
      const end = headings[index + 1]?.index ?? prompt.length;
      return { heading: match[0].trim(), text: prompt.slice(match.index, end).trim() };
    })
    .filter((section) => !(sectionNames as readonly string[]).includes(section.heading))
    .map((section) => section.text);
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
