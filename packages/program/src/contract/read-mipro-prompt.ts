import {
  type RenderedInstance,
  readRenderedFields,
  readRenderedInstance,
} from './read-rendered-fields.js';
import { findHeading, readSections, withoutTrailer } from './read-sections.js';

/** The closing instructions of MIPROv2's proposal-stage messages (`@forge/method-mipro`). */
export const miproPromptTrailers = {
  observe: 'Write observations about trends that hold for most or all of these examples.',
  observeMore:
    'Write observations these examples add to the prior ones, or answer COMPLETE if the prior observations already cover them.',
  summarize:
    'Summarize the observations in two or three sentences, keeping only the most important.',
  describeProgram: 'Describe the task this program solves and how it goes about solving it.',
  describeModule: "Describe this module's role in the program.",
  propose: 'Propose a new instruction for this module.',
} as const;

/** Which MIPROv2 proposal-stage request a user message is. */
export type MiproPromptKind =
  | 'observe'
  | 'summarize'
  | 'describe-program'
  | 'describe-module'
  | 'propose';

/** Which MIPROv2 request a user message is, from its headings alone; undefined for none. */
export function miproPromptKindOf(user: string): MiproPromptKind | undefined {
  if (user.startsWith('# Dataset Examples\n') || user.startsWith('# Prior Observations\n'))
    return 'observe';
  if (user.startsWith('# Observations\n')) return 'summarize';
  if (user.startsWith('# Program\n') && user.includes('\n# Example Run\n'))
    return 'describe-program';
  if (user.startsWith('# Program\n') && user.includes('\n# Module\n')) return 'describe-module';
  if (
    user.includes('\n# Basic Instruction\n') &&
    /^# (Dataset Summary|Program Description|Module)\n/.test(user)
  ) {
    return 'propose';
  }
  return undefined;
}

/** A data-observation request: the observations so far (later batches) and the examples. */
export interface MiproObservationPrompt {
  /** `# Prior Observations`; undefined in the first batch. */
  readonly priorObservations: string | undefined;
  /** Each `## Example n` under `# Dataset Examples`, in order. */
  readonly examples: readonly RenderedInstance[];
}

/** Reads a data-observation request. */
export function readMiproObservationPrompt(user: string): MiproObservationPrompt {
  const later = user.startsWith('# Prior Observations\n');
  const message = withoutTrailer(
    user,
    later ? miproPromptTrailers.observeMore : miproPromptTrailers.observe,
  );
  const examplesAt = later
    ? findHeading(message, '# Dataset Examples', '# Prior Observations\n'.length)
    : findHeading(message, '# Dataset Examples');
  const examples = message
    .slice(examplesAt?.contentStart ?? message.length)
    .split(/(?:^|\n)## Example \d+\n/)
    .slice(1)
    .map((section) => readRenderedInstance(section, 3));
  return {
    priorObservations: later
      ? message.slice('# Prior Observations\n'.length, examplesAt?.start).trim()
      : undefined,
    examples,
  };
}

/** Reads a data-summary request: the observations. */
export function readMiproSummaryPrompt(user: string): { readonly observations: string } {
  const message = withoutTrailer(user, miproPromptTrailers.summarize);
  return { observations: message.slice('# Observations\n'.length).trim() };
}

/** Reads a program-description request: the program's module names (`### n. \`name\``), in order. */
export function readMiproProgramDescriptionPrompt(user: string): {
  readonly modules: readonly string[];
} {
  return {
    modules: [...user.matchAll(/^### \d+\. `([^`]+)`$/gm)].map((match) => match[1] as string),
  };
}

/** Reads a module-description request: the module's name, from `# Module`'s first line. */
export function readMiproModuleDescriptionPrompt(user: string): {
  readonly module: string | undefined;
} {
  const message = withoutTrailer(user, miproPromptTrailers.describeModule);
  const at = findHeading(
    message,
    '# Module',
    findHeading(message, '# Program Description')?.contentStart,
  );
  return { module: /^\s*`([^`]+)`/.exec(message.slice(at?.contentStart ?? message.length))?.[1] };
}

/** One demonstration shown to the proposer, its fields as text. */
export interface ProposalDemonstration {
  /** `### Input`'s fields. */
  readonly input: Record<string, string>;
  /** `### Reasoning`, when shown. */
  readonly reasoning: string | undefined;
  /** `### Output`'s fields. */
  readonly output: Record<string, string>;
}

function readDemonstrations(section: string): ProposalDemonstration[] {
  return section
    .split(/(?:^|\n)## Demonstration \d+\n/)
    .slice(1)
    .map((demonstration) => {
      const parts = readSections(demonstration, ['### Input', '### Reasoning', '### Output']);
      return {
        input: readRenderedFields(parts.get('### Input') ?? '', 4),
        reasoning: parts.get('### Reasoning'),
        output: readRenderedFields(parts.get('### Output') ?? '', 4),
      };
    });
}

/** An instruction-proposal request, each section as text (undefined when the method left it out). */
export interface MiproProposalPrompt {
  /** `# Dataset Summary`. */
  readonly datasetSummary: string | undefined;
  /** `# Program Description`. */
  readonly programDescription: string | undefined;
  /** The module's name, from `# Module`'s first line. */
  readonly module: string | undefined;
  /** `# Task Demonstrations` as text: `## Demonstration n` with `### Input`, `### Reasoning`, `### Output`. */
  readonly taskDemonstrations: string | undefined;
  /** The demonstrations read back, in order (none when the section is absent or "(none)"). */
  readonly demonstrations: readonly ProposalDemonstration[];
  /** `# Basic Instruction`: the module's seed prompt. */
  readonly basicInstruction: string | undefined;
  /** `# Tip`; "(none)" reads as undefined. */
  readonly tip: string | undefined;
}

/** Reads an instruction-proposal request. */
export function readMiproProposalPrompt(user: string): MiproProposalPrompt {
  const sections = readSections(withoutTrailer(user, miproPromptTrailers.propose), [
    '# Dataset Summary',
    '# Program Description',
    '# Module',
    '# Task Demonstrations',
    '# Basic Instruction',
    '# Tip',
  ]);
  const tip = sections.get('# Tip');
  return {
    datasetSummary: sections.get('# Dataset Summary'),
    programDescription: sections.get('# Program Description'),
    module: /^`([^`]+)`/.exec(sections.get('# Module') ?? '')?.[1],
    taskDemonstrations: sections.get('# Task Demonstrations'),
    demonstrations: readDemonstrations(sections.get('# Task Demonstrations') ?? ''),
    basicInstruction: sections.get('# Basic Instruction'),
    tip: tip === '(none)' ? undefined : tip,
  };
}
