import {
  type Benchmark,
  defineBenchmark,
  defineModule,
  defineProgram,
  type Instance,
} from '@forge/program';
import type { LanguageModel } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { measureTaskPrompt, typicalTaskOutputTokens } from './measure-task-prompt.js';
import { placeholderValue } from './placeholder-answer.js';

// A three-module review pipeline: one `extract` call, one `judge` call per aspect it found, one
// `summarize` call. The placeholder answer of `extract` is one aspect, so a run makes 3 calls.
const extract = defineModule({
  name: 'extract',
  seedPrompt: 'List the aspects the review talks about.',
  input: z.object({ review: z.string() }),
  output: z.object({ aspects: z.array(z.string()) }),
  reasoning: true,
});
const judge = defineModule({
  name: 'judge',
  seedPrompt: 'Judge the sentiment about one aspect.',
  input: z.object({ review: z.string(), aspect: z.string() }),
  output: z.object({ sentiment: z.enum(['positive', 'negative']), strength: z.number() }),
});
const summarize = defineModule({
  name: 'summarize',
  seedPrompt: 'Summarize the judged aspects in one line.',
  input: z.object({ verdicts: z.array(z.string()) }),
  output: z.object({ summary: z.string(), flagged: z.boolean() }),
});
const pipeline = defineProgram({
  name: 'review-pipeline',
  modules: [extract, judge, summarize],
  input: z.object({ review: z.string() }),
  output: z.object({ summary: z.string() }),
  async run({ review }, { call }) {
    const { aspects } = await call(extract, { review });
    const verdicts: string[] = [];
    for (const aspect of aspects) {
      const { sentiment } = await call(judge, { review, aspect });
      verdicts.push(`${aspect} ${sentiment}`);
    }
    return call(summarize, { verdicts });
  },
});

const reviews = (
  count: number,
  prefix = 'train',
): Instance<{ review: string }, { summary: string }>[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${index}`,
    input: { review: `Review ${index}: the screen is great but the battery fails.` },
    gold: { summary: 'screen +, battery -' },
  }));

const benchmarkOf = (program: typeof pipeline): Benchmark =>
  defineBenchmark({
    program,
    metric: () => ({ score: 1 }),
    train: reviews(8),
    validation: reviews(2, 'validation'),
  }) as unknown as Benchmark;

describe('measureTaskPrompt on a typed program', () => {
  it('runs every module with placeholder answers and counts each call', async () => {
    const size = await measureTaskPrompt(benchmarkOf(pipeline), reviews(8));
    // Five instances, each extract + one judge (one placeholder aspect) + summarize.
    expect(size.sampled).toBe(5);
    expect(size.callsPerEvaluation).toBe(3);
    expect(size.inputPerCall).toBeGreaterThan(10);
    expect(size.basis).toContain('placeholder of its output schema');
  });

  it("sizes each answer as a placeholder in its module's output schema, not a typical answer", async () => {
    const size = await measureTaskPrompt(benchmarkOf(pipeline), reviews(8));
    const answerTokens = [extract, judge, summarize].map((module) =>
      Math.ceil(
        module.renderAnswer(
          placeholderValue(module.output) as never,
          module.reasoning ? 'placeholder' : undefined,
        ).length / 4,
      ),
    );
    // Every instance makes one call of each module.
    expect(size.outputPerCall).toBeCloseTo(
      (answerTokens[0]! + answerTokens[1]! + answerTokens[2]!) / 3,
    );
    expect(size.outputPerCall).toBeLessThan(typicalTaskOutputTokens / 4);
    expect(size.basis).toContain(
      "answers sized as a placeholder in each typed module's output schema",
    );
  });

  it('measures what an optimizer call shows and writes: instructions, an execution, an instance', async () => {
    const size = await measureTaskPrompt(benchmarkOf(pipeline), reviews(8));
    const seeds = [extract, judge, summarize].map((module) => module.seedPrompt.length);
    expect(size.instructionTokens).toBe(Math.ceil((seeds[0]! + seeds[1]! + seeds[2]!) / 3 / 4));
    expect(size.instanceTokens).toBe(
      Math.ceil(
        JSON.stringify({ input: reviews(1)[0]!.input, gold: reviews(1)[0]!.gold }).length / 4,
      ),
    );
    // One evaluation's three calls, each without its instruction, with its answer.
    expect(size.executionTokens).toBeCloseTo(
      3 * (size.inputPerCall - size.instructionTokens + size.outputPerCall),
    );
  });

  it('measures the calls of each module in the order the program makes them', async () => {
    const size = await measureTaskPrompt(benchmarkOf(pipeline), reviews(8));
    expect(size.moduleCalls?.modules).toEqual([
      { module: 'extract', calls: 1 },
      { module: 'judge', calls: 1 },
      { module: 'summarize', calls: 1 },
    ]);
    // A chain of three: a change to extract pays 3 calls, to judge 2, to summarize 1.
    expect(size.moduleCalls?.oneModuleChangedShare).toBeCloseTo(4 / 6);
  });

  it("tells a program's modules apart by the prompt a call carries when it names none", async () => {
    // The simulated world's way: each module's prompt is its call's system prompt, no metadata.
    const modules = [
      { name: 'interpret', seedPrompt: 'Report day, month and year.' },
      { name: 'format', seedPrompt: 'Write the date as YYYY-MM-DD.' },
    ];
    const chained: Benchmark = {
      ...benchmarkOf(pipeline),
      program: {
        name: 'chained',
        modules,
        async run(instance, prompts, context) {
          for (const module of modules)
            await context.model.generate({
              system: prompts[module.name] ?? '',
              messages: [{ role: 'user', content: JSON.stringify(instance.input) }],
            });
          return { output: {}, trace: [] } as never;
        },
      },
    } as Benchmark;
    const size = await measureTaskPrompt(chained, reviews(2));
    expect(size.moduleCalls?.modules.map((entry) => entry.module)).toEqual(['interpret', 'format']);
    expect(size.moduleCalls?.oneModuleChangedShare).toBeCloseTo(3 / 4);
  });

  it('takes the answer size the config states (estimateAnswerTokens) instead of the placeholders', async () => {
    const size = await measureTaskPrompt(benchmarkOf(pipeline), reviews(8), { answerTokens: 250 });
    expect(size.outputPerCall).toBe(250);
    expect(size.basis).toContain('250 output tokens per call, as estimateAnswerTokens states');
  });

  it('assumes a typical answer for a call that no typed module makes', async () => {
    const untyped: Benchmark = {
      ...benchmarkOf(pipeline),
      program: {
        name: 'untyped',
        modules: [{ name: 'answer', seedPrompt: 'Answer.' }],
        async run(instance, prompts, context) {
          const request = {
            system: prompts['answer'] ?? '',
            messages: [{ role: 'user' as const, content: JSON.stringify(instance.input) }],
            metadata: { module: 'answer' },
          };
          const result = await context.model.generate(request);
          return { output: { text: result.text }, trace: [] } as never;
        },
      },
    } as Benchmark;
    const size = await measureTaskPrompt(untyped, reviews(2));
    expect(size.outputPerCall).toBe(typicalTaskOutputTokens);
    expect(size.basis).toContain(`${typicalTaskOutputTokens} output tokens per call assumed`);
  });

  it('counts the re-asks a module makes after an unusable answer', async () => {
    // A module whose output the placeholder cannot satisfy (a number of at least 1): with two
    // re-asks, each instance makes three calls of it before the program gives up.
    const strict = defineModule({
      name: 'strict',
      seedPrompt: 'Count.',
      input: z.object({ review: z.string() }),
      output: z.object({ count: z.number().min(1) }),
      maxReasks: 2,
    });
    const reasking = defineProgram({
      name: 'reasking',
      modules: [strict],
      input: z.object({ review: z.string() }),
      output: z.object({ count: z.number() }),
      async run({ review }, { call }) {
        return call(strict, { review });
      },
    });
    const size = await measureTaskPrompt(
      benchmarkOf(reasking as unknown as typeof pipeline),
      reviews(4),
    );
    expect(size.sampled).toBe(4);
    expect(size.callsPerEvaluation).toBe(3);
  });

  it("measures a given model's prompts and answers instead", async () => {
    const calls: string[] = [];
    const model: LanguageModel = {
      specificationVersion: 'v1',
      provider: 'sim',
      modelId: 'task',
      async generate(request) {
        calls.push(request.metadata?.module ?? '');
        const module = [extract, judge, summarize].find(
          (candidate) => candidate.name === request.metadata?.module,
        );
        const output =
          module === extract
            ? { aspects: ['screen', 'battery'] }
            : module === judge
              ? { sentiment: 'positive', strength: 1 }
              : { summary: 'fine' };
        return {
          text: module?.renderAnswer(output as never, 'because') ?? '',
          toolCalls: [],
          finishReason: 'stop',
          usage: { inputTokens: 100, outputTokens: 7 },
        };
      },
    };
    const size = await measureTaskPrompt(benchmarkOf(pipeline), reviews(3), {
      model,
      modelLabel: 'the test model',
    });
    // Two aspects: extract, judge × 2, summarize.
    expect(size.callsPerEvaluation).toBe(4);
    expect(calls.slice(0, 4)).toEqual(['extract', 'judge', 'judge', 'summarize']);
    expect(size).toMatchObject({ inputPerCall: 100, outputPerCall: 7, sampled: 3 });
    expect(size.basis).toContain('the test model');
  });
});
