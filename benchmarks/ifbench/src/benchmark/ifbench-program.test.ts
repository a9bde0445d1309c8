import { seedPrompts } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { createIfbenchProgram, IFBENCH_SEED_PROMPT, RESPOND_MODULE } from './ifbench-program.js';

const instance = {
  id: 'x',
  input: { prompt: 'Answer with one of the following options: yes/no/maybe.' },
  gold: { instruction_id_list: ['format:options'], kwargs: '[{"options":"yes/no/maybe"}]' },
};

describe('createIfbenchProgram', () => {
  it('sends the seed prompt and the user prompt with 8,192 output tokens', async () => {
    const model = new MockLanguageModel({ responses: ['Maybe.'] });
    const program = createIfbenchProgram();
    const execution = await program.run(instance, seedPrompts(program), { model });
    const [request] = model.requests;
    expect(request?.system).toBe(IFBENCH_SEED_PROMPT);
    expect(request?.messages).toEqual([{ role: 'user', content: instance.input.prompt }]);
    expect(request?.maxOutputTokens).toBe(8192);
    expect(request?.metadata?.role).toBe('task');
    expect(execution.output).toEqual({ response: 'Maybe.' });
    expect(execution.trace.map((entry) => entry.module)).toEqual([RESPOND_MODULE]);
  });

  it('drops a leading thinking block, and only that', async () => {
    const model = new MockLanguageModel({
      responses: ['<think>\nweigh options\n</think>\n\nYes.', 'I <think>keep</think> this'],
    });
    const program = createIfbenchProgram();
    const prompts = seedPrompts(program);
    expect((await program.run(instance, prompts, { model })).output).toEqual({ response: 'Yes.' });
    expect((await program.run(instance, prompts, { model })).output).toEqual({
      response: 'I <think>keep</think> this',
    });
  });
});

describe('IFBench demonstrations', () => {
  it('shows a demonstration as the request and its response, recorded without reasoning', async () => {
    const model = new MockLanguageModel({ responses: ['Maybe.'] });
    const program = createIfbenchProgram();
    const execution = await program.run(instance, seedPrompts(program), {
      model,
      demos: { [RESPOND_MODULE]: [{ input: { prompt: 'Say yes.' }, output: { response: 'yes' } }] },
      recordDemonstrations: true,
    });
    expect(model.requests[0]?.messages).toEqual([
      { role: 'user', content: 'Say yes.' },
      { role: 'assistant', content: 'yes' },
      { role: 'user', content: instance.input.prompt },
    ]);
    expect(execution.trace[0]?.demonstration).toEqual({
      input: instance.input,
      output: { response: 'Maybe.' },
      instanceId: 'x',
    });
  });
});
