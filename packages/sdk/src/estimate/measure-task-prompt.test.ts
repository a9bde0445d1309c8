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
    expect(size.outputPerCall).toBe(typicalTaskOutputTokens);
    expect(size.inputPerCall).toBeGreaterThan(10);
    expect(size.basis).toContain('placeholder of its output schema');
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
