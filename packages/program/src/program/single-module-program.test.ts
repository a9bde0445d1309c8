import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../signature/instance.js';
import { createSingleModuleProgram } from './single-module-program.js';

const settings = {
  name: 'square',
  moduleName: 'solver',
  seedPrompt: 'Square the number.',
  renderInput: (instance: Instance) => `Number: ${String(instance.input['n'])}`,
  parseOutput: (text: string) => ({ square: /<square>(\d+)<\/square>/.exec(text)?.[1] ?? '' }),
  renderAnswer: (output: Readonly<Record<string, unknown>>, reasoning?: string) =>
    `${reasoning === undefined ? '' : `${reasoning}\n`}<square>${String(output['square'])}</square>`,
  reasoningOf: (text: string) => text.split('<square>')[0]?.trim(),
};

const instance: Instance = { id: 'q1', input: { n: 7 }, gold: { square: '49' } };

describe('createSingleModuleProgram', () => {
  it('sends only the system prompt and the live input when there are no demonstrations', async () => {
    const model = new MockLanguageModel({ responses: ['7 times 7.\n<square>49</square>'] });
    const program = createSingleModuleProgram(settings);
    const execution = await program.run(instance, { solver: 'Square it.' }, { model, demos: {} });
    expect(model.requests[0]?.system).toBe('Square it.');
    expect(model.requests[0]?.messages).toEqual([{ role: 'user', content: 'Number: 7' }]);
    expect(execution.output).toEqual({ square: '49' });
    expect(execution.trace[0]?.demonstration).toBeUndefined();
  });

  it('renders demonstrations as user/answer turns before the live input, in order', async () => {
    const model = new MockLanguageModel({ responses: ['<square>49</square>'] });
    const program = createSingleModuleProgram(settings);
    const execution = await program.run(
      instance,
      { solver: 'Square it.' },
      {
        model,
        demos: {
          solver: [
            { input: { n: 3 }, output: { square: '9' }, reasoning: '3 times 3.' },
            { input: { n: 4 }, output: { square: '16' } },
          ],
          other: [{ input: { n: 5 }, output: { square: '25' } }],
        },
      },
    );
    expect(model.requests[0]?.messages).toEqual([
      { role: 'user', content: 'Number: 3' },
      { role: 'assistant', content: '3 times 3.\n<square>9</square>' },
      { role: 'user', content: 'Number: 4' },
      { role: 'assistant', content: '<square>16</square>' },
      { role: 'user', content: 'Number: 7' },
    ]);
    // The trace holds the live turn only: demonstrations belong to the candidate.
    expect(execution.trace[0]?.messages).toHaveLength(2);
  });

  it('records the invocation as a demonstration, with its reasoning, when asked', async () => {
    const model = new MockLanguageModel({ responses: ['7 times 7.\n<square>49</square>'] });
    const program = createSingleModuleProgram(settings);
    const execution = await program.run(
      instance,
      { solver: 'Square it.' },
      { model, recordDemonstrations: true },
    );
    expect(execution.trace[0]?.demonstration).toEqual({
      input: { n: 7 },
      output: { square: '49' },
      reasoning: '7 times 7.',
      instanceId: 'q1',
    });
    // The recorded demonstration renders back to an answer its parser reads as the same output.
    const demonstration = execution.trace[0]?.demonstration;
    const text = settings.renderAnswer(demonstration?.output ?? {}, demonstration?.reasoning);
    expect(settings.parseOutput(text)).toEqual(demonstration?.output);
  });

  it('refuses demonstrations it cannot render, naming the program and module', async () => {
    const { renderAnswer: _renderAnswer, ...withoutAnswer } = settings;
    const program = createSingleModuleProgram(withoutAnswer);
    const model = new MockLanguageModel({ responses: ['<square>49</square>'] });
    await expect(
      program.run(
        instance,
        { solver: 'x' },
        { model, demos: { solver: [{ input: { n: 2 }, output: { square: '4' } }] } },
      ),
    ).rejects.toThrow(/program square: module solver cannot show demonstrations/);
    expect(model.calls).toHaveLength(0);
    // Nor does it record demonstrations it could not show.
    const execution = await program.run(
      instance,
      { solver: 'x' },
      {
        model,
        recordDemonstrations: true,
      },
    );
    expect(execution.trace[0]?.demonstration).toBeUndefined();
  });
});
