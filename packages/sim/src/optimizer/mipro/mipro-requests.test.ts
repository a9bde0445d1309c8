import { extractXmlBlock, renderFields, renderInstance } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { formatSeedPrompt, interpretSeedPrompt } from '../../program/seed-prompts.js';
import { readPromptRules } from '../../task-model/prompt-rules.js';
import { generateSplits } from '../../world/generate-splits.js';
import { simRule } from '../../world/sim-rules.js';
import { createSimOptimizerModel, optimizerRoleOf } from '../sim-optimizer-model.js';
import { answerMiproRequest } from './mipro-requests.js';

// The layouts of docs/prompt-contracts.md ("MIPROv2"), written out by hand here; the method's
// own tests run its real messages through this simulator.
const splits = generateSplits(0, { train: 30, validation: 20, test: 10 });
const examples = (instances: typeof splits.train) =>
  instances
    .map(
      (instance, index) => `## Example ${index + 1}\n\n${renderInstance(instance, { level: 3 })}`,
    )
    .join('\n\n');
const observe = (instances: typeof splits.train) =>
  `# Dataset Examples\n\n${examples(instances)}\n\nWrite observations about trends that hold for most or all of these examples.`;
const propose = (parts: {
  summary?: string;
  module: string;
  demos?: string;
  basic: string;
  tip?: string;
}) =>
  [
    ...(parts.summary === undefined ? [] : [`# Dataset Summary\n\n${parts.summary}`]),
    `# Module\n\n\`${parts.module}\``,
    `# Task Demonstrations\n\n${parts.demos ?? '(none)'}`,
    `# Basic Instruction\n\n${parts.basic}`,
    `# Tip\n\n${parts.tip ?? '(none)'}`,
    'Propose a new instruction for this module.',
  ].join('\n\n');
const block = (text: string, tag: string) => {
  const found = extractXmlBlock(text, tag);
  if (!found.ok) throw new Error(`no ${tag} block: ${found.reason}`);
  return found.content;
};
const phrase = (rule: Parameters<typeof simRule>[0]) => simRule(rule).phrase;

describe('the simulated MIPROv2 proposer', () => {
  it('is recognised from the headings of every MIPROv2 request', () => {
    expect(optimizerRoleOf(observe(splits.train.slice(0, 2)))).toBe('proposer');
    expect(optimizerRoleOf('# Observations\n\nx\n\nSummarize.')).toBe('proposer');
    expect(optimizerRoleOf('# Program\n\nx\n\n# Example Run\n\ny')).toBe('proposer');
    expect(
      optimizerRoleOf('# Program\n\nx\n\n# Program Description\n\ny\n\n# Module\n\n`format`'),
    ).toBe('proposer');
    expect(optimizerRoleOf(propose({ module: 'format', basic: formatSeedPrompt }))).toBe(
      'proposer',
    );
  });

  it('observes in training data exactly the conventions training shows', () => {
    const observations = block(
      answerMiproRequest({
        user: observe(splits.train.slice(0, 10)),
        requestHash: 'h',
        malformed: false,
      }),
      'observations',
    );
    expect(observations).toContain(phrase('numeric-day-first'));
    expect(observations).toContain(phrase('two-digit-2000s'));
    // Training never shows a slash date, a year from the pivot up, or a distractor.
    for (const rule of ['slash-month-first', 'two-digit-pivot', 'ignore-distractors'] as const) {
      expect(observations).not.toContain(phrase(rule));
    }
    const more = `# Prior Observations\n\n${observations}\n\n# Dataset Examples\n\n${examples(splits.train.slice(10, 20))}\n\nWrite observations these examples add to the prior ones, or answer COMPLETE if the prior observations already cover them.`;
    const added = block(
      answerMiproRequest({ user: more, requestHash: 'h2', malformed: false }),
      'observations',
    );
    expect(added === 'COMPLETE' || !added.includes(phrase('numeric-day-first'))).toBe(true);
    // Validation data does show the held-out conventions.
    const held = block(
      answerMiproRequest({ user: observe(splits.validation), requestHash: 'h3', malformed: false }),
      'observations',
    );
    expect(held).toContain(phrase('slash-month-first'));
  });

  it('writes instructions from the data summary for the module asked, never another module’s rules', async () => {
    const summary = `Each example is a short text with one date. ${phrase('numeric-day-first')} ${phrase('abbreviated-months')} ${phrase('two-digit-2000s')}`;
    const model = createSimOptimizerModel({ malformedRate: 0 });
    const read = async (module: 'interpret' | 'format', tip: string) => {
      const result = await model.generate({
        messages: [
          {
            role: 'user',
            content: propose({
              summary,
              module,
              basic: module === 'interpret' ? interpretSeedPrompt : formatSeedPrompt,
              tip,
            }),
          },
        ],
      });
      return readPromptRules(block(result.text, 'proposed_instruction'));
    };
    const tips = [
      '(none)',
      'Keep the instruction short and plain.',
      'Feel free to be inventive.',
      'Frame it as costly.',
    ];
    const interpret = await Promise.all(tips.map((tip) => read('interpret', tip)));
    const format = await Promise.all(tips.map((tip) => read('format', tip)));
    for (const rules of interpret) {
      expect(rules.twoDigit2000s).toBe(false);
      expect(rules.slashMonthFirst || rules.ignoreDistractors).toBe(false);
      expect(rules.namesPartTags).toBe(true);
    }
    for (const rules of format) {
      expect(rules.numericDayFirst || rules.abbreviatedMonths).toBe(false);
      expect(rules.namesDateTag).toBe(true);
    }
    // Each supported convention is kept by some proposals and not by necessarily all of them.
    expect(interpret.some((rules) => rules.numericDayFirst)).toBe(true);
    expect(format.some((rules) => rules.twoDigit2000s)).toBe(true);
    // Without a summary or demonstrations there is nothing to ground a convention on.
    const bare = await model.generate({
      messages: [
        { role: 'user', content: propose({ module: 'interpret', basic: interpretSeedPrompt }) },
      ],
    });
    const rules = readPromptRules(block(bare.text, 'proposed_instruction'));
    expect([
      rules.numericDayFirst,
      rules.abbreviatedMonths,
      rules.slashMonthFirst,
      rules.ignoreDistractors,
    ]).toEqual([false, false, false, false]);
  });

  it('takes conventions from correct demonstrations of its module', () => {
    const demo = (text: string, day: string, month: string, year: string) =>
      `## Demonstration 1\n\n### Input\n\n${renderFields({ text }, 4)}\n\n### Output\n\n${renderFields({ day, month, year }, 4)}`;
    const proposals = ['a', 'b', 'c', 'd', 'e', 'f'].map((hash) =>
      readPromptRules(
        block(
          answerMiproRequest({
            user: propose({
              module: 'interpret',
              basic: interpretSeedPrompt,
              demos: demo('Paid 05.11.20.', '05', '11', '20'),
            }),
            requestHash: hash,
            malformed: false,
          }),
          'proposed_instruction',
        ),
      ),
    );
    expect(proposals.some((rules) => rules.numericDayFirst)).toBe(true);
    expect(proposals.every((rules) => !rules.abbreviatedMonths)).toBe(true);
    // A wrong demonstration (read month-first) shows nothing.
    const wrong = readPromptRules(
      block(
        answerMiproRequest({
          user: propose({
            module: 'interpret',
            basic: interpretSeedPrompt,
            demos: demo('Paid 05.11.20.', '11', '05', '20'),
          }),
          requestHash: 'a',
          malformed: false,
        }),
        'proposed_instruction',
      ),
    );
    expect(wrong.numericDayFirst).toBe(false);
  });

  it('drops or breaks its block at the malformed rate', () => {
    const text = answerMiproRequest({
      user: propose({ module: 'format', basic: formatSeedPrompt }),
      requestHash: 'x',
      malformed: true,
    });
    expect(extractXmlBlock(text, 'proposed_instruction').ok).toBe(false);
  });
});
