import { withCallMetadata, withModuleModels } from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineModule } from './define-module.js';
import { defineProgram } from './define-program.js';
import { ModuleCallHistory, type ModuleCallRecord } from './module-call-history.js';

const label = defineModule({
  name: 'label',
  seedPrompt: 'Label the ticket.',
  input: z.object({ ticket: z.string() }),
  output: z.object({ priority: z.enum(['low', 'high']) }),
});

function labeller(historySize?: number) {
  return defineProgram({
    name: 'labeller',
    modules: [label],
    input: z.object({ ticket: z.string() }),
    output: z.object({ priority: z.enum(['low', 'high']) }),
    ...(historySize === undefined ? {} : { historySize }),
    run: (input, { call }) => call(label, input),
  });
}

const record = (index: number): ModuleCallRecord => ({
  module: 'label',
  instanceId: `t${index}`,
  attempt: 0,
  model: 'mock:model',
  system: 'S',
  messages: [],
  input: {},
  answer: '',
  parsed: { ok: true, output: {} },
  usage: { inputTokens: 1, outputTokens: 1 },
  time: 0,
});

describe('ModuleCallHistory', () => {
  it('keeps the last calls up to its capacity, oldest first', () => {
    const history = new ModuleCallHistory(3);
    for (let index = 0; index < 5; index++) history.record(record(index));
    expect(history.size).toBe(3);
    expect(history.last().map((call) => call.instanceId)).toEqual(['t2', 't3', 't4']);
    expect(history.last(2).map((call) => call.instanceId)).toEqual(['t3', 't4']);
    expect(history.last(0)).toEqual([]);
    history.clear();
    expect(history.last()).toEqual([]);
    const none = new ModuleCallHistory(0);
    none.record(record(0));
    expect(none.size).toBe(0);
  });
});

describe("a typed program's history", () => {
  it('records each module call with its prompt, messages, input, answer and parse result', async () => {
    const program = labeller();
    const model = new MockLanguageModel({
      modelId: 'labeller-model',
      responses: (request) =>
        String(request.messages.at(-1)?.content).includes('down')
          ? '<priority>high</priority>'
          : '<priority>urgent</priority>',
    });
    await program.run(
      { id: 'a', input: { ticket: 'Billing is down.' } },
      { label: 'Be strict.' },
      { model },
    );
    await program.run({ id: 'b', input: { ticket: 'A question.' } }, {}, { model });
    const [first, second] = program.history.last(2);
    expect(first).toMatchObject({
      module: 'label',
      instanceId: 'a',
      model: 'mock:labeller-model',
      system: 'Be strict.',
      input: { ticket: 'Billing is down.' },
      answer: '<priority>high</priority>',
      parsed: { ok: true, output: { priority: 'high' } },
      usage: { inputTokens: 10, outputTokens: 5 },
    });
    expect(first?.messages).toEqual([
      { role: 'user', content: expect.stringMatching(/^## ticket\nBilling is down\./) },
    ]);
    // The seed prompt when the candidate has none; an answer the schema refuses, with the reason.
    expect(second).toMatchObject({ instanceId: 'b', system: 'Label the ticket.' });
    expect(second?.parsed).toEqual({
      ok: false,
      reason: expect.stringMatching(/^module label: output field priority: /),
    });
  });

  it('records every attempt of a re-asked reasoning module, on the model of its module', async () => {
    const judge = defineModule({
      name: 'judge',
      seedPrompt: 'Judge the ticket.',
      input: z.object({ ticket: z.string() }),
      output: z.object({ priority: z.enum(['low', 'high']) }),
      reasoning: true,
      maxReasks: 1,
    });
    const program = defineProgram({
      name: 'judged',
      modules: [label, judge],
      input: z.object({ ticket: z.string() }),
      output: z.object({ priority: z.enum(['low', 'high']) }),
      run: async (input, { call }) => {
        await call(label, input);
        return call(judge, input);
      },
    });
    const task = new MockLanguageModel({
      modelId: 'task',
      responses: () => '<priority>low</priority>',
    });
    const judgeModel = new MockLanguageModel({
      modelId: 'judge',
      // The first answer breaks the enum; the re-ask is answered properly.
      responses: (request) =>
        request.messages.length === 1
          ? '<reasoning>Urgent.</reasoning><priority>urgent</priority>'
          : '<reasoning>Down is high.</reasoning><priority>high</priority>',
    });
    await program.run(
      { id: 'a', input: { ticket: 'Down.' } },
      {},
      { model: task, moduleModels: { judge: judgeModel } },
    );
    const calls = program.history.last();
    expect(calls.map(({ module, attempt, model }) => `${module} ${attempt} ${model}`)).toEqual([
      'label 0 mock:task',
      'judge 0 mock:judge',
      'judge 1 mock:judge',
    ]);
    expect(calls[1]?.parsed).toMatchObject({ ok: false });
    expect(calls[2]?.parsed).toEqual({
      ok: true,
      output: { priority: 'high' },
      reasoning: 'Down is high.',
    });
    // The re-ask sent the first answer and the follow-up after the input.
    expect(calls[2]?.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
    ]);
    expect(calls[2]?.messages[1]?.content).toContain('<priority>urgent</priority>');
  });

  it('names the model that answered when the task model routes a module to its own (as optimize does)', async () => {
    const program = labeller();
    const task = new MockLanguageModel({
      modelId: 'task',
      responses: () => '<priority>low</priority>',
    });
    const own = new MockLanguageModel({
      modelId: 'label-own',
      responses: () => '<priority>high</priority>',
    });
    // What a run of optimize or evaluate passes: one model, routing by the call's module.
    const routed = withCallMetadata(withModuleModels(task, { label: own }), { step: 1 });
    const execution = await program.run({ id: 'a', input: { ticket: 'x' } }, {}, { model: routed });
    expect(execution.output).toEqual({ priority: 'high' });
    expect(program.history.last(1)[0]?.model).toBe('mock:label-own');
  });

  it('keeps no calls with historySize 0', async () => {
    const program = labeller(0);
    const model = new MockLanguageModel({ responses: () => '<priority>low</priority>' });
    await program.run({ id: 'a', input: { ticket: 'x' } }, {}, { model });
    expect(program.history.size).toBe(0);
  });
});
