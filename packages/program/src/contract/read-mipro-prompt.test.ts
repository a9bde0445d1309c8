import { describe, expect, it } from 'vitest';
import { renderFields, renderInstance } from '../render/render-markdown.js';
import {
  miproPromptKindOf,
  miproPromptTrailers,
  readMiproModuleDescriptionPrompt,
  readMiproObservationPrompt,
  readMiproProgramDescriptionPrompt,
  readMiproProposalPrompt,
  readMiproSummaryPrompt,
} from './read-mipro-prompt.js';

// The layouts of method-mipro's proposal stage (docs/prompt-contracts.md, "MIPROv2").
const examples = [
  { id: 'a', input: { text: 'Due 03.04.21.' }, gold: { date: '2021-04-03' } },
  { id: 'b', input: { text: 'Paid 5/6/2020.' }, gold: { date: '2020-05-06' } },
]
  .map((instance, index) => `## Example ${index + 1}\n\n${renderInstance(instance, { level: 3 })}`)
  .join('\n\n');
const program =
  '## Name\n\ndates\n\n## Signature\n\n{}\n\n## Modules\n\n### 1. `interpret`\n\nReads.\n\n#### Seed Prompt\n\n# Module\n\nRead it.\n\n### 2. `format`\n\n(no description)\n\n#### Seed Prompt\n\nWrite it.';

describe('MIPROv2 prompt readers', () => {
  it('reads both observation requests, the last example without the instruction', () => {
    const first = `# Dataset Examples\n\n${examples}\n\n${miproPromptTrailers.observe}`;
    expect(miproPromptKindOf(first)).toBe('observe');
    expect(readMiproObservationPrompt(first)).toEqual({
      priorObservations: undefined,
      examples: [
        { input: { text: 'Due 03.04.21.' }, gold: { date: '2021-04-03' } },
        { input: { text: 'Paid 5/6/2020.' }, gold: { date: '2020-05-06' } },
      ],
    });
    const later = `# Prior Observations\n\n- Dates vary.\n\n# Dataset Examples\n\n${examples}\n\n${miproPromptTrailers.observeMore}`;
    const read = readMiproObservationPrompt(later);
    expect(read.priorObservations).toBe('- Dates vary.');
    expect(read.examples[1]?.gold).toEqual({ date: '2020-05-06' });
  });

  it('reads the summary, program and module description requests', () => {
    const summary = `# Observations\n\n- Dates vary.\n\n- Years differ.\n\n${miproPromptTrailers.summarize}`;
    expect(miproPromptKindOf(summary)).toBe('summarize');
    expect(readMiproSummaryPrompt(summary).observations).toBe('- Dates vary.\n\n- Years differ.');
    const describeProgram = `# Program\n\n${program}\n\n# Example Run\n\n(no run available)\n\n${miproPromptTrailers.describeProgram}`;
    expect(miproPromptKindOf(describeProgram)).toBe('describe-program');
    expect(readMiproProgramDescriptionPrompt(describeProgram).modules).toEqual([
      'interpret',
      'format',
    ]);
    // A seed prompt holding `# Module` does not stand in for the module section.
    const describeModule = `# Program\n\n${program}\n\n# Program Description\n\nDates.\n\n# Module\n\n\`format\`: writes it\n\n${miproPromptTrailers.describeModule}`;
    expect(miproPromptKindOf(describeModule)).toBe('describe-module');
    expect(readMiproModuleDescriptionPrompt(describeModule).module).toBe('format');
  });

  it('reads an instruction proposal, a seed prompt with headings kept whole', () => {
    const demonstrations = [
      `## Demonstration 1\n\n### Input\n\n${renderFields({ year: '21' }, 4)}\n\n### Reasoning\n\nTwo digits.\n\n### Output\n\n${renderFields({ date: '2021-04-03' }, 4)}`,
      `## Demonstration 2\n\n### Input\n\n${renderFields({ year: '99' }, 4)}\n\n### Output\n\n${renderFields({ date: '1999-04-03' }, 4)}`,
    ].join('\n\n');
    const basic = '# Role\n\nA formatter.\n\n# Output Contract\n\n<date>…</date>';
    const user = `# Dataset Summary\n\nDates.\n\n# Module\n\n\`format\`\n\nWrites dates.\n\n# Task Demonstrations\n\n${demonstrations}\n\n# Basic Instruction\n\n${basic}\n\n# Tip\n\nBe brief.\n\n${miproPromptTrailers.propose}`;
    expect(miproPromptKindOf(user)).toBe('propose');
    expect(readMiproProposalPrompt(user)).toEqual({
      datasetSummary: 'Dates.',
      programDescription: undefined,
      module: 'format',
      taskDemonstrations: demonstrations,
      demonstrations: [
        { input: { year: '21' }, reasoning: 'Two digits.', output: { date: '2021-04-03' } },
        { input: { year: '99' }, reasoning: undefined, output: { date: '1999-04-03' } },
      ],
      basicInstruction: basic,
      tip: 'Be brief.',
    });
    const noTip = user.replace('Be brief.', '(none)');
    expect(readMiproProposalPrompt(noTip).tip).toBeUndefined();
    expect(miproPromptKindOf('# Module\n\nx')).toBeUndefined();
  });
});
