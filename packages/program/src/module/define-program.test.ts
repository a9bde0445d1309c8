import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { Evaluator } from '../program/evaluation.js';
import type { Program } from '../program/program.js';
import { renderReflectionBatch } from '../render/render-markdown.js';
import type { Instance } from '../signature/instance.js';
import { defineModule } from './define-module.js';
import { defineProgram, type EvaluatorOf, type InstanceOf } from './define-program.js';

// A two-module support-ticket triage: extract facts, then classify them.
const extract = defineModule({
  name: 'extract',
  seedPrompt: 'Read the support ticket.',
  input: z.object({ ticket: z.string().describe('The customer ticket.') }),
  output: z.object({
    product: z.string().describe('The product the ticket is about.'),
    blocking: z.boolean().describe('Whether the customer cannot work at all.'),
  }),
});
const classify = defineModule({
  name: 'classify',
  seedPrompt: 'Choose a priority.',
  input: z.object({ product: z.string(), blocking: z.boolean() }),
  output: z.object({ priority: z.enum(['low', 'high']), tags: z.array(z.string()) }),
});
const triage = defineProgram({
  name: 'triage',
  modules: [extract, classify],
  input: z.object({ ticket: z.string().describe('The customer ticket.') }),
  output: z.object({ priority: z.enum(['low', 'high']) }),
  async run(input, { call }) {
    const facts = await call(extract, { ticket: input.ticket });
    const { priority } = await call(classify, facts);
    return { priority };
  },
});

const instance: InstanceOf<typeof triage> = {
  id: 't1',
  input: { ticket: 'The billing page is down, nobody can pay.' },
  gold: { priority: 'high' },
};

function scripted(answer: (user: string) => string) {
  return new MockLanguageModel({
    responses: (request) => answer(String(request.messages.at(-1)?.content)),
  });
}

describe('defineProgram', () => {
  it('renders each module input with its answer format, traces every call and returns the output', async () => {
    const model = scripted((user) =>
      user.startsWith('## ticket')
        ? 'The billing page.\n<product>billing</product>\n<blocking>true</blocking>'
        : '<priority>high</priority><tags>["outage", "billing"]</tags>',
    );
    const execution = await triage.run(
      instance,
      { extract: 'Extract.', classify: 'Classify.' },
      { model, metadata: { sampleIndex: 2 } },
    );
    expect(execution.output).toEqual({ priority: 'high' });
    expect(execution.trace.map((entry) => entry.module)).toEqual(['extract', 'classify']);
    expect(execution.trace[1]?.output).toEqual({ priority: 'high', tags: ['outage', 'billing'] });
    expect(execution.usage).toEqual({ inputTokens: 20, outputTokens: 10 });
    const [first, second] = model.calls.map((call) => call.request);
    expect(first?.system).toBe('Extract.');
    expect(first?.metadata).toEqual({ role: 'task', sampleIndex: 2, module: 'extract' });
    expect(first?.messages.at(-1)?.content).toBe(
      [
        '## ticket',
        'The billing page is down, nobody can pay.',
        '',
        '## Answer format',
        'Answer with one tag per output field, in this order (write lists and dicts as JSON):',
        '<product>…</product>  (str: The product the ticket is about.)',
        '<blocking>…</blocking>  (bool: Whether the customer cannot work at all.)',
      ].join('\n'),
    );
    // The second module received the first one's coerced output (a boolean, not "true").
    expect(second?.messages.at(-1)?.content).toContain('## blocking\ntrue');
    expect(triage.signature.inputFields.map((field) => field.name)).toEqual(['ticket']);
    expect(triage.signature.outputFields).toEqual([
      { name: 'priority', type: 'str', description: 'one of "low", "high"' },
    ]);
  });

  it('runs in production on an input without gold fields, typed by the input schema', async () => {
    const model = scripted((user) =>
      user.startsWith('## ticket')
        ? '<product>search</product><blocking>false</blocking>'
        : '<priority>low</priority><tags>[]</tags>',
    );
    const live = { id: 'live-1', input: { ticket: 'How do I search by date?' } };
    const execution = await triage.run(live, {}, { model });
    expect(execution.output).toEqual({ priority: 'low' });
    expectTypeOf(execution.output).toEqualTypeOf<{ priority?: 'low' | 'high' }>();
    // The seed prompts stand in for a module the prompts leave out.
    expect(model.calls[0]?.request.system).toBe('Read the support ticket.');
    // @ts-expect-error the input must have the schema's fields
    const wrongInput = () => triage.run({ id: 'x', input: { text: 'hi' } }, {}, { model });
    expect(typeof wrongInput).toBe('function');
  });

  it('scores an unusable answer as an empty prediction, with the reason in the trace', async () => {
    const model = scripted((user) =>
      user.startsWith('## ticket')
        ? '<product>billing</product><blocking>maybe</blocking>'
        : '<priority>high</priority><tags>[]</tags>',
    );
    const execution = await triage.run(instance, { extract: 'E', classify: 'C' }, { model });
    expect(execution.output).toEqual({});
    expect(execution.trace).toHaveLength(1);
    expect(execution.trace[0]?.notes?.[0]).toMatch(/module extract: output field blocking/);
  });

  it('checks an answer against the output schema (an enum value outside it is unusable)', async () => {
    const model = scripted((user) =>
      user.startsWith('## ticket')
        ? '<product>billing</product><blocking>false</blocking>'
        : '<priority>urgent</priority><tags>[]</tags>',
    );
    const execution = await triage.run(instance, { extract: 'E', classify: 'C' }, { model });
    expect(execution.output).toEqual({});
    expect(execution.trace[1]?.notes?.[0]).toMatch(/module classify: output field priority/);
  });

  it('shows demonstrations as earlier turns in the answer format, and records them when asked', async () => {
    const model = scripted((user) =>
      user.startsWith('## ticket')
        ? 'Because.\n<product>billing</product><blocking>true</blocking>'
        : '<priority>high</priority><tags>[]</tags>',
    );
    const execution = await triage.run(
      instance,
      { extract: 'E', classify: 'C' },
      {
        model,
        recordDemonstrations: true,
        demos: {
          classify: [
            { input: { product: 'app', blocking: false }, output: { priority: 'low', tags: [] } },
          ],
        },
      },
    );
    const second = model.calls[1]?.request.messages ?? [];
    expect(second).toHaveLength(3);
    expect(second[1]?.content).toBe('<priority>low</priority>\n<tags>[]</tags>');
    expect(execution.trace[0]?.demonstration).toEqual({
      input: { ticket: instance.input.ticket },
      output: { product: 'billing', blocking: true },
      reasoning: 'Because.',
      instanceId: 't1',
    });
  });

  it('refuses a module it does not list and repeated module names', async () => {
    const stray = defineProgram({
      name: 'stray',
      modules: [extract],
      input: z.object({ ticket: z.string() }),
      output: z.object({ priority: z.string() }),
      run: async (_input, { call }) => call(classify, { product: 'x', blocking: true }),
    });
    await expect(stray.run(instance, {}, { model: scripted(() => '') })).rejects.toThrow(
      "program stray: call(classify): the module is not in the program's modules",
    );
    expect(() =>
      defineProgram({
        name: 'twice',
        modules: [extract, extract],
        input: z.object({ ticket: z.string() }),
        output: z.object({ product: z.string() }),
        run: async () => ({ product: 'x' }),
      }),
    ).toThrow('program twice: two modules are named "extract"');
  });

  it('types instances, the metric and the prediction from the schemas', () => {
    expectTypeOf(instance.gold.priority).toEqualTypeOf<'low' | 'high'>();
    expectTypeOf<Parameters<EvaluatorOf<typeof triage>>[1]['output']>().toEqualTypeOf<{
      priority?: 'low' | 'high';
    }>();
    // A typed program is a Program, and its metric is an Evaluator of its types.
    expectTypeOf(triage).toMatchTypeOf<Program>();
    const metric: EvaluatorOf<typeof triage> = (example, execution) => ({
      score: execution.output.priority === example.gold.priority ? 1 : 0,
    });
    expectTypeOf(metric).toEqualTypeOf<
      Evaluator<{ ticket: string }, { priority: 'low' | 'high' }, { priority?: 'low' | 'high' }>
    >();
    // @ts-expect-error a gold field the schema does not have does not compile
    const wrong: EvaluatorOf<typeof triage> = (example) => ({ score: example.gold.severity });
    // @ts-expect-error an instance needs the schema's input fields
    const missing: InstanceOf<typeof triage> = { id: 'x', input: {}, gold: { priority: 'low' } };
    // Untyped instances stay what they were.
    expectTypeOf<Instance['gold']>().toEqualTypeOf<Readonly<Record<string, unknown>>>();
    expect([wrong, missing]).toHaveLength(2);
  });
});

// A review pipeline: aspects with a sentiment each (an array of objects), reasoned, then a summary.
const aspects = defineModule({
  name: 'aspects',
  seedPrompt: 'Find the aspects the review judges.',
  input: z.object({ review: z.string() }),
  output: z.object({
    aspects: z.array(z.object({ aspect: z.string(), sentiment: z.enum(['positive', 'negative']) })),
  }),
  reasoning: true,
});
const summarize = defineModule({
  name: 'summarize',
  seedPrompt: 'Summarize in one line.',
  input: z.object({
    aspects: z.array(z.object({ aspect: z.string(), sentiment: z.string() })),
  }),
  output: z.object({ summary: z.string() }),
});
const review = defineProgram({
  name: 'review',
  modules: [aspects, summarize],
  input: z.object({ review: z.string() }),
  output: z.object({ summary: z.string() }),
  async run({ review: text }, { call }) {
    const found = await call(aspects, { review: text });
    return call(summarize, found);
  },
});
const reviewInstance: InstanceOf<typeof review> = {
  id: 'r1',
  input: { review: 'Great screen, battery dies by noon.' },
  gold: { summary: 'Good screen, poor battery.' },
};
const aspectsAnswer =
  '<reasoning>The screen is praised; the battery is not.</reasoning>\n<aspects>[{"aspect": "screen", "sentiment": "positive"}, {"aspect": "battery", "sentiment": "negative"}]</aspects>';

describe('reasoning, nested outputs, re-asks and module models', () => {
  it('reads a reasoned nested answer: the output without the reasoning, the trace and the reflector with it', async () => {
    const model = scripted((user) =>
      user.startsWith('## review')
        ? aspectsAnswer
        : '<summary>Good screen, poor battery.</summary>',
    );
    const execution = await review.run(reviewInstance, {}, { model, recordDemonstrations: true });
    expect(execution.output).toEqual({ summary: 'Good screen, poor battery.' });
    const [first, second] = execution.trace;
    expect(first?.output).toEqual({
      aspects: [
        { aspect: 'screen', sentiment: 'positive' },
        { aspect: 'battery', sentiment: 'negative' },
      ],
    });
    expect(first?.demonstration?.reasoning).toBe('The screen is praised; the battery is not.');
    // The next module got the parsed objects, rendered as JSON.
    expect(second?.messages[0]?.content).toContain('## aspects\n[\n  {\n    "aspect": "screen"');
    const user = String(first?.messages[0]?.content);
    expect(user).toContain('Write your reasoning first, then one tag per output field');
    expect(user).toContain(
      '<aspects>…</aspects>  (list[{aspect:str,sentiment:str}]: fields — sentiment: one of "positive", "negative")',
    );
    const reflected = renderReflectionBatch(
      [{ instance: reviewInstance, execution, evaluation: { score: 0 } }],
      'aspects',
    );
    expect(reflected).toContain('The screen is praised; the battery is not.');
  });

  it('shows a reasoning module its demonstrations with their reasoning in its tag', async () => {
    const model = scripted((user) =>
      user.startsWith('## review') ? aspectsAnswer : '<summary>s</summary>',
    );
    await review.run(
      reviewInstance,
      {},
      {
        model,
        demos: {
          aspects: [
            {
              input: { review: 'Loud fan.' },
              output: { aspects: [{ aspect: 'fan', sentiment: 'negative' }] },
              reasoning: 'The fan is loud.',
            },
          ],
        },
      },
    );
    const shown = model.calls[0]?.request.messages[1]?.content;
    expect(shown).toBe(
      '<reasoning>The fan is loud.</reasoning>\n<aspects>[\n  {\n    "aspect": "fan",\n    "sentiment": "negative"\n  }\n]</aspects>',
    );
  });

  it('checks nested values against the schema, naming the path', async () => {
    const model = scripted(
      () =>
        '<aspects>[{"aspect": "screen", "sentiment": "positive"}, {"aspect": "fan", "sentiment": "meh"}]</aspects>',
    );
    const execution = await review.run(reviewInstance, {}, { model });
    expect(execution.output).toEqual({});
    expect(execution.trace[0]?.notes?.[0]).toMatch(
      /^module aspects: output field aspects\[1\]\.sentiment: /,
    );
  });

  it('re-asks an unusable answer with a follow-up naming the problem, counting every attempt', async () => {
    const reasking = defineProgram({
      name: 'reasking',
      modules: [extract, classify],
      input: z.object({ ticket: z.string() }),
      output: z.object({ priority: z.enum(['low', 'high']) }),
      maxReasks: 1,
      async run(input, { call }) {
        const { priority } = await call(classify, await call(extract, { ticket: input.ticket }));
        return { priority };
      },
    });
    let extractCalls = 0;
    const model = scripted((user) => {
      if (user.startsWith('## ticket') || user.startsWith('Your last answer')) {
        extractCalls += 1;
        return extractCalls === 1
          ? '<product>billing</product><blocking>maybe</blocking>'
          : '<product>billing</product><blocking>true</blocking>';
      }
      return '<priority>high</priority><tags>[]</tags>';
    });
    const execution = await reasking.run(instance, {}, { model });
    expect(execution.output).toEqual({ priority: 'high' });
    expect(model.calls).toHaveLength(3);
    const reask = model.calls[1]?.request;
    expect(reask?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(reask?.messages[2]?.content).toBe(
      'Your last answer could not be used: output field blocking: expected true or false, got the string "maybe".\nAnswer again in full, following the answer format above.',
    );
    expect(reask?.metadata).toEqual({ role: 'task', module: 'extract' });
    // The trace shows both attempts; the usage counts all three calls.
    expect(execution.trace[0]?.messages).toHaveLength(4);
    expect(execution.trace[0]?.output).toEqual({ product: 'billing', blocking: true });
    const usage = model.calls.length;
    expect(execution.usage).toEqual({ inputTokens: 10 * usage, outputTokens: 5 * usage });
  });

  it('gives up after maxReasks re-asks (the module’s own winning over the program’s)', async () => {
    const stubborn = defineModule({
      name: 'stubborn',
      seedPrompt: 'Extract.',
      input: z.object({ ticket: z.string() }),
      output: z.object({ product: z.string() }),
      maxReasks: 2,
    });
    const program = defineProgram({
      name: 'stubborn',
      modules: [stubborn],
      input: z.object({ ticket: z.string() }),
      output: z.object({ product: z.string() }),
      maxReasks: 5,
      run: async (input, { call }) => call(stubborn, input),
    });
    const model = scripted(() => 'billing');
    const execution = await program.run(
      { id: 'x', input: { ticket: 't' }, gold: { product: 'billing' } },
      {},
      { model },
    );
    expect(model.calls).toHaveLength(3);
    expect(execution.output).toEqual({});
    expect(execution.trace[0]?.messages).toHaveLength(6);
    expect(execution.trace[0]?.notes).toEqual([
      'module stubborn: the answer has no <product>…</product> (every output field needs its tag)',
    ]);
    // Without maxReasks anywhere, one call and no re-ask: requests as before the option existed.
    const once = scripted(() => 'billing');
    await triage.run(instance, {}, { model: once });
    expect(once.calls).toHaveLength(1);
  });

  it('sends a module with a model of its own there, and the others to the task model', async () => {
    const task = scripted(() => aspectsAnswer);
    const own = scripted(() => '<summary>From its own model.</summary>');
    const execution = await review.run(
      reviewInstance,
      {},
      { model: task, moduleModels: { summarize: own } },
    );
    expect(execution.output).toEqual({ summary: 'From its own model.' });
    expect(task.calls.map((call) => call.request.metadata?.module)).toEqual(['aspects']);
    expect(own.calls.map((call) => call.request.metadata?.module)).toEqual(['summarize']);
  });

  it('refuses a bad maxReasks and an output field the reasoning tag would shadow', () => {
    const declaration = {
      name: 'm',
      seedPrompt: 'S.',
      input: z.object({ q: z.string() }),
      output: z.object({ reasoning: z.string() }),
    };
    expect(() => defineModule({ ...declaration, reasoning: true })).toThrow(
      'module m: with reasoning: true the model writes <reasoning> itself; rename the output field "reasoning"',
    );
    expect(defineModule(declaration).reasoning).toBe(false);
    expect(() => defineModule({ ...declaration, maxReasks: -1 })).toThrow(
      'module m: maxReasks must be a whole number ≥ 0, got -1',
    );
    expect(() =>
      defineProgram({
        name: 'p',
        modules: [extract],
        input: z.object({ ticket: z.string() }),
        output: z.object({ product: z.string() }),
        maxReasks: 1.5,
        run: async () => ({ product: 'x' }),
      }),
    ).toThrow('program p: maxReasks must be a whole number ≥ 0, got 1.5');
  });
});
