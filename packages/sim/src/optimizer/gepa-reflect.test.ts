import { createRandom } from '@forge/program';
import { describe, expect, it } from 'vitest';
import {
  cleanWorld,
  gepaReflectionMessage,
  promptsWith,
  runOn,
  textInstance,
} from '../__fixtures__/contract-messages.js';
import { createSimWorld } from '../sim-world.js';
import { simRule } from '../world/sim-rules.js';
import { malformedGepaReflection, readGepaReflectionRequest } from './gepa-reflect.js';
import { optimizerRoleOf } from './sim-optimizer-model.js';

const world = cleanWorld();
const seed = promptsWith(world, () => false);

/** The instruction between the first and the last fence of an answer. */
function fencedInstruction(text: string): string | undefined {
  const first = text.indexOf('```');
  const last = text.lastIndexOf('```');
  return first >= 0 && last > first ? text.slice(first + 3, last).trim() : undefined;
}

async function reflectOn(module: string, cases: [string, string][]) {
  const evaluations = [];
  for (const [text, date] of cases)
    evaluations.push(await runOn(world, seed, textInstance(text, date)));
  const user = gepaReflectionMessage(seed[module] ?? '', evaluations, module);
  const result = await world.optimizerModel.generate({
    messages: [{ role: 'user', content: user }],
  });
  return { user, answer: result.text };
}

describe("the simulated optimizer's GEPA reflection", () => {
  it('is recognised as a reflection request from its opening line', async () => {
    const { user } = await reflectOn('interpret', [['Delivered 03.04.2021.', '2021-04-03']]);
    expect(optimizerRoleOf(user)).toBe('reflector');
  });

  it('reads the instruction, the module and the feedback of every example', async () => {
    const { user } = await reflectOn('interpret', [
      ['Delivered 03.04.2021.', '2021-04-03'],
      ['Paid on 2021-05-06.', '2021-05-06'],
    ]);
    const request = readGepaReflectionRequest(user);
    expect(request.currentPrompt).toBe(seed['interpret']);
    expect(request.module).toBe('interpret');
    expect(request.feedback).toHaveLength(2);
    expect(request.feedback[1]).toBe('Correct: 2021-05-06.');
  });

  it('answers with the rules the feedback points to inside one fenced block', async () => {
    const { answer } = await reflectOn('interpret', [
      ['Delivered 03.04.2021.', '2021-04-03'],
      ['Exam scheduled for 5th Jan 1993.', '1993-01-05'],
    ]);
    const instruction = fencedInstruction(answer);
    expect(instruction).toContain(simRule('numeric-day-first').phrase);
    expect(instruction).toContain(simRule('abbreviated-months').phrase);
    expect(instruction).not.toContain(simRule('two-digit-2000s').phrase);
    expect(instruction).toContain('<day>DAY</day>');
  });

  it('writes an instruction the task model then follows', async () => {
    const cases: [string, string][] = [['Born 3 Sept 2021.', '2021-09-03']];
    const { answer } = await reflectOn('interpret', cases);
    const fixed = await runOn(
      world,
      { ...seed, interpret: fencedInstruction(answer) ?? '' },
      textInstance(...(cases[0] as [string, string])),
    );
    expect(fixed.evaluation.score).toBe(1);
  });

  it('breaks the contract in three ways when malformed', () => {
    const answers = new Set<string>();
    for (let index = 0; index < 30; index++) {
      answers.add(malformedGepaReflection('# Role\n\nA prompt.', createRandom(index, 'kind')));
    }
    expect([...answers].sort()).toEqual(
      [
        '```\n# Role\n\n',
        'Here is the improved instruction:\n\n# Role\n\nA prompt.',
        'The instruction is fine as it is.\n\n```\n```',
      ].sort(),
    );
  });

  it('answers malformed at the configured reflector rate', async () => {
    const broken = createSimWorld({ malformedRate: 1, flawRate: 0 });
    const evaluated = await runOn(
      broken,
      seed,
      textInstance('Delivered 03.04.2021.', '2021-04-03'),
    );
    const user = gepaReflectionMessage(seed['interpret'] ?? '', [evaluated], 'interpret');
    const result = await broken.optimizerModel.generate({
      messages: [{ role: 'user', content: user }],
    });
    expect(fencedInstruction(result.text) ?? '').not.toContain(simRule('numeric-day-first').phrase);
  });
});
