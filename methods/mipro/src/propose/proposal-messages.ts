import {
  type Demonstration,
  type Instance,
  type Program,
  renderFields,
  renderInstance,
  renderTrace,
  type Signature,
  signatureToJson,
  type TraceEntry,
} from '@forge/program';

// The user messages of MIPROv2's proposal stage (docs/prompt-contracts.md, "MIPROv2"). They are
// fixed byte for byte: the simulated optimizer and the tests read them.

/** Closing lines, one per contract. */
export const proposalTrailers = {
  observe: 'Write observations about trends that hold for most or all of these examples.',
  observeMore:
    'Write observations these examples add to the prior ones, or answer COMPLETE if the prior observations already cover them.',
  summarize:
    'Summarize the observations in two or three sentences, keeping only the most important.',
  describeProgram: 'Describe the task this program solves and how it goes about solving it.',
  describeModule: "Describe this module's role in the program.",
  propose: 'Propose a new instruction for this module.',
} as const;

/** Training instances as the data observer sees them: inputs and gold, one section each. */
export function renderExamples(instances: readonly Instance[]): string {
  return instances
    .map(
      (instance, index) => `## Example ${index + 1}\n\n${renderInstance(instance, { level: 3 })}`,
    )
    .join('\n\n');
}

/** The first data-observation request. */
export function observeMessage(instances: readonly Instance[]): string {
  return `# Dataset Examples\n\n${renderExamples(instances)}\n\n${proposalTrailers.observe}`;
}

/** A later data-observation request, with what was observed so far. */
export function observeMoreMessage(prior: string, instances: readonly Instance[]): string {
  return `# Prior Observations\n\n${prior}\n\n# Dataset Examples\n\n${renderExamples(instances)}\n\n${proposalTrailers.observeMore}`;
}

/** The request to condense the observations into the data summary. */
export function summarizeMessage(observations: string): string {
  return `# Observations\n\n${observations}\n\n${proposalTrailers.summarize}`;
}

/** The program as the describers see it: name, signature, modules with their seed prompts. */
export function renderProgram(program: Program, signature: Signature): string {
  const modules = program.modules.map(
    (module, index) =>
      `### ${index + 1}. \`${module.name}\`\n\n${module.description ?? '(no description)'}\n\n#### Seed Prompt\n\n${module.seedPrompt}`,
  );
  return [
    `## Name\n\n${program.name}`,
    `## Signature\n\n${JSON.stringify(signatureToJson(signature), null, 2)}`,
    `## Modules\n\n${modules.join('\n\n')}`,
  ].join('\n\n');
}

/** The program-description request, with one run of the seed program. */
export function describeProgramMessage(
  program: Program,
  signature: Signature,
  example: { readonly instance: Instance; readonly trace: readonly TraceEntry[] } | undefined,
): string {
  const run =
    example === undefined
      ? '(no run available)'
      : `## Instance\n\n${renderInstance(example.instance, { level: 3 })}\n\n## Trace\n\n${renderTrace(example.trace, { level: 3 })}`;
  return `# Program\n\n${renderProgram(program, signature)}\n\n# Example Run\n\n${run}\n\n${proposalTrailers.describeProgram}`;
}

/** The module-description request. */
export function describeModuleMessage(
  program: Program,
  signature: Signature,
  programDescription: string,
  module: string,
): string {
  const description = program.modules.find((entry) => entry.name === module)?.description;
  return `# Program\n\n${renderProgram(program, signature)}\n\n# Program Description\n\n${programDescription}\n\n# Module\n\n\`${module}\`${description === undefined ? '' : `: ${description}`}\n\n${proposalTrailers.describeModule}`;
}

/** Demonstrations as the proposer sees them: inputs, reasoning (if any) and outputs. */
export function renderDemonstrations(demonstrations: readonly Demonstration[]): string {
  if (demonstrations.length === 0) return '(none)';
  return demonstrations
    .map((demonstration, index) => {
      const parts = [
        `## Demonstration ${index + 1}`,
        `### Input\n\n${renderFields(demonstration.input, 4)}`,
      ];
      if (demonstration.reasoning !== undefined) {
        parts.push(`### Reasoning\n\n${demonstration.reasoning}`);
      }
      parts.push(`### Output\n\n${renderFields(demonstration.output, 4)}`);
      return parts.join('\n\n');
    })
    .join('\n\n');
}

/** What one instruction proposal is grounded on; absent parts are left out of the request. */
export interface ProposalGrounds {
  /** The data summary (data-aware proposals). */
  readonly dataSummary?: string;
  /** The program description (program-aware proposals). */
  readonly programDescription?: string;
  /** The module's name. */
  readonly module: string;
  /** What the module does: the describer's words, else the program's own description. */
  readonly moduleDescription?: string;
  /** Demonstrations of the module (few-shot-aware proposals). */
  readonly demonstrations?: readonly Demonstration[];
  /** The module's seed prompt. */
  readonly basicInstruction: string;
  /** The prompting tip (tip-aware proposals); an empty tip is shown as `(none)`. */
  readonly tip?: string;
}

/** The instruction-proposal request. */
export function proposeMessage(grounds: ProposalGrounds): string {
  const sections: string[] = [];
  if (grounds.dataSummary !== undefined)
    sections.push(`# Dataset Summary\n\n${grounds.dataSummary}`);
  if (grounds.programDescription !== undefined) {
    sections.push(`# Program Description\n\n${grounds.programDescription}`);
  }
  sections.push(
    `# Module\n\n\`${grounds.module}\`${grounds.moduleDescription === undefined ? '' : `\n\n${grounds.moduleDescription}`}`,
  );
  if (grounds.demonstrations !== undefined) {
    sections.push(`# Task Demonstrations\n\n${renderDemonstrations(grounds.demonstrations)}`);
  }
  sections.push(`# Basic Instruction\n\n${grounds.basicInstruction}`);
  if (grounds.tip !== undefined)
    sections.push(`# Tip\n\n${grounds.tip === '' ? '(none)' : grounds.tip}`);
  sections.push(proposalTrailers.propose);
  return sections.join('\n\n');
}
