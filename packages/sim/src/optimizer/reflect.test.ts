import { extractXmlBlock } from '@forge/program';
import { describe, expect, it } from 'vitest';
import {
  cleanWorld,
  promptsWith,
  reflectorMessage,
  runOn,
  textInstance,
} from '../__fixtures__/contract-messages.js';
import { simRule } from '../world/sim-rules.js';

const world = cleanWorld();
const seed = promptsWith(world, () => false);
const trainPhrases = promptsWith(world, (rule) => rule.exposedBy === 'train');
const requiredSections = [
  '# Role',
  '# Objective',
  '# Inputs',
  '# Core Principles',
  '# Decision Procedure',
  '# Hard Constraints',
  '# Output Contract',
];

async function reflectOn(
  prompts: Record<string, string>,
  module: string,
  cases: [string, string][],
) {
  const failures = [];
  for (const [text, date] of cases) {
    const evaluated = await runOn(world, prompts, textInstance(text, date));
    expect(evaluated.evaluation.score, text).toBe(0);
    failures.push(evaluated);
  }
  const result = await world.optimizerModel.generate({
    messages: [
      { role: 'user', content: reflectorMessage(prompts[module] ?? '', failures, module) },
    ],
  });
  const block = extractXmlBlock(result.text, 'system_prompt');
  if (!block.ok) throw new Error(`no system prompt: ${block.reason}`);
  return block.content;
}

describe('the simulated reflector', () => {
  it('turns training failures of the interpret module into the phrases of the rules they point to', async () => {
    const prompt = await reflectOn(seed, 'interpret', [
      ['Delivered 03.04.2021.', '2021-04-03'],
      ['Exam scheduled for 5th Jan 1993.', '1993-01-05'],
    ]);
    expect(prompt).toContain(simRule('numeric-day-first').phrase);
    expect(prompt).toContain(simRule('abbreviated-months').phrase);
    expect(prompt).not.toContain(simRule('two-digit-2000s').phrase);
    for (const section of requiredSections) expect(prompt).toMatch(new RegExp(`^${section}$`, 'm'));
    // The output contract of the current prompt survives, so the module keeps its tags.
    expect(prompt).toContain('<day>DAY</day>');
  });

  it('writes the format rule for format failures', async () => {
    const prompt = await reflectOn(seed, 'format', [["Born 3 March '21.", '2021-03-03']]);
    expect(prompt).toContain(simRule('two-digit-2000s').phrase);
    expect(prompt).toContain('<date>YYYY-MM-DD</date>');
  });

  it('keeps the rules a prompt states and adds the exception a boundary or negative failure points to', async () => {
    const interpret = await reflectOn(trainPhrases, 'interpret', [
      ['Shipped 01/08/41.', '2041-01-08'],
      ['Ticket 7: Born 3 March 2021.', '2021-03-03'],
    ]);
    expect(interpret).toContain(simRule('numeric-day-first').phrase);
    expect(interpret).toContain(simRule('abbreviated-months').phrase);
    expect(interpret).toContain(simRule('slash-month-first').phrase);
    expect(interpret).toContain(simRule('ignore-distractors').phrase);
    const format = await reflectOn(trainPhrases, 'format', [
      ["Born 1st September '51.", '1951-09-01'],
    ]);
    expect(format).toContain(simRule('two-digit-2000s').phrase);
    expect(format).toContain(simRule('two-digit-pivot').phrase);
  });

  it('writes a prompt the task model then follows', async () => {
    const cases: [string, string][] = [['Born 3 Sept 2021.', '2021-09-03']];
    const prompt = await reflectOn(seed, 'interpret', cases);
    const fixed = await runOn(world, { ...seed, interpret: prompt }, textInstance(...cases[0]!));
    expect(fixed.evaluation.score).toBe(1);
  });

  it('keeps extra sections of the current prompt', async () => {
    const prompts = {
      ...seed,
      interpret: `${seed['interpret']}\n\n# Edge Cases\n\nA text never holds two dates.`,
    };
    const prompt = await reflectOn(prompts, 'interpret', [['Delivered 03.04.2021.', '2021-04-03']]);
    expect(prompt).toContain('# Edge Cases\n\nA text never holds two dates.');
    expect(prompt.indexOf('# Edge Cases')).toBeLessThan(prompt.indexOf('# Output Contract'));
  });

  it('restates the prompt without new rules when the feedback blames another module', async () => {
    const prompt = await reflectOn(seed, 'format', [['Delivered 03.04.2021.', '2021-04-03']]);
    expect(prompt).not.toContain(simRule('numeric-day-first').phrase);
    expect(prompt).toContain('# Core Principles');
  });
});
