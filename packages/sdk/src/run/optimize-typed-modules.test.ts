import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineModule, defineProgram, type EvaluatorOf, type InstanceOf } from '@forge/program';
import { openRunDatabase, readModelCalls } from '@forge/store';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { evaluate } from '../evaluate/evaluate-benchmark.js';
import { scriptedOptimizer } from '../testing/scripted-optimizer.js';
import { scriptedTaskModel } from '../testing/scripted-task-model.js';
import { optimize } from './optimize.js';
import type { ForgeEvent } from './sdk-events.js';

// A three-module review pipeline, optimized offline: extract the aspects (reasoning first), judge
// each aspect's sentiment (an array of objects, on a model of its own, re-asked once when its
// answer does not parse), then summarize in one line.
const root = mkdtempSync(join(tmpdir(), 'forge-typed-modules-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const lowerCaseRule = 'Name every aspect in lower case.';
const negativeRule = 'An aspect the review says fails is negative.';

const extract = defineModule({
  name: 'extract',
  seedPrompt: 'List the aspects of the product the review talks about.',
  input: z.object({ review: z.string().describe('The review as the customer wrote it.') }),
  output: z.object({ aspects: z.array(z.string()).describe('The aspects, in review order.') }),
  reasoning: true,
});
const sentimentOf = z.object({
  aspect: z.string().describe('The aspect, as extracted.'),
  sentiment: z.enum(['positive', 'negative']),
});
const sentiment = defineModule({
  name: 'sentiment',
  seedPrompt: 'Judge the sentiment the review expresses about each aspect.',
  input: z.object({ review: z.string(), aspects: z.array(z.string()) }),
  output: z.object({ sentiments: z.array(sentimentOf).describe('One entry per aspect.') }),
  maxReasks: 1,
});
const summarize = defineModule({
  name: 'summarize',
  seedPrompt: 'Summarize the judged aspects in one line.',
  input: z.object({ sentiments: z.array(sentimentOf) }),
  output: z.object({ summary: z.string() }),
});
const program = defineProgram({
  name: 'review-pipeline',
  modules: [extract, sentiment, summarize],
  input: z.object({ review: z.string() }),
  output: z.object({ summary: z.string() }),
  async run({ review }, { call }) {
    const { aspects } = await call(extract, { review });
    const { sentiments } = await call(sentiment, { review, aspects });
    return call(summarize, { sentiments });
  },
});

const parts = ['screen', 'battery', 'keyboard', 'speaker', 'camera', 'hinge'];
const line = (items: readonly { aspect: string; sentiment: string }[]) =>
  items.map((item) => `${item.aspect} ${item.sentiment === 'positive' ? '+' : '-'}`).join(', ');

function reviews(prefix: string, from: number, count: number): InstanceOf<typeof program>[] {
  return Array.from({ length: count }, (_, offset) => {
    const index = from + offset;
    const good = parts[index % parts.length] as string;
    const bad = parts[(index + 1) % parts.length] as string;
    return {
      id: `${prefix}-${index}`,
      input: { review: `The ${good} is great but the ${bad} fails.` },
      gold: {
        summary: line([
          { aspect: good, sentiment: 'positive' },
          { aspect: bad, sentiment: 'negative' },
        ]),
      },
    };
  });
}

// Half for aspects in lower case, half for the right sentiments: each module's rule counts.
const metric: EvaluatorOf<typeof program> = (instance, execution) => {
  const summary = execution.output.summary;
  if (summary === undefined) return { score: 0, feedback: 'No summary.' };
  const lowerCase = summary === summary.toLowerCase();
  const sentiments = summary.toLowerCase() === instance.gold.summary;
  return {
    score: (Number(lowerCase) + Number(sentiments)) / 2,
    moduleFeedback: {
      ...(lowerCase ? {} : { extract: lowerCaseRule }),
      ...(sentiments ? {} : { sentiment: negativeRule }),
    },
  };
};

// The stand-ins follow only the rules their prompt states. The task model answers `extract` (with
// its reasoning) and `summarize`; the sentiment model answers `sentiment`, and its first answer
// for a review of the hinge is not JSON, so the module asks again.
const taskModel = () =>
  scriptedTaskModel({
    program,
    modelId: 'task',
    answer: ({ module, input, prompt }) => {
      if (module === 'extract') {
        const found = [...String(input['review']).matchAll(/the (\w+)/gi)].map((match) =>
          String(match[1]),
        );
        const lower = prompt.includes(lowerCaseRule);
        return {
          reasoning: `The review names ${found.length} parts.`,
          aspects: found.map((aspect) => (lower ? aspect : aspect.toUpperCase())),
        };
      }
      if (module === 'summarize') {
        return { summary: line(input['sentiments'] as { aspect: string; sentiment: string }[]) };
      }
      throw new Error(`the task model was asked for module ${module}`);
    },
  });
const sentimentModel = () =>
  scriptedTaskModel({
    program,
    modelId: 'sentiment',
    answer: ({ module, input, prompt, attempt }) => {
      if (module !== 'sentiment') throw new Error(`the sentiment model was asked for ${module}`);
      const review = String(input['review']);
      if (attempt === 0 && review.includes('hinge')) return '<sentiments>all fine</sentiments>';
      return {
        sentiments: (input['aspects'] as string[]).map((aspect) => ({
          aspect,
          sentiment:
            prompt.includes(negativeRule) && new RegExp(`${aspect} fails`, 'i').test(review)
              ? 'negative'
              : 'positive',
        })),
      };
    },
  });

const config = (runDir: string, stopAtPerfectScore?: boolean) => ({
  program,
  metric,
  train: reviews('train', 0, 8),
  validation: reviews('validation', 8, 6),
  taskModel: taskModel(),
  moduleModels: { sentiment: sentimentModel() },
  optimizerModel: scriptedOptimizer(),
  budget: {
    maxEvaluations: 150,
    ...(stopAtPerfectScore === undefined ? {} : { stopAtPerfectScore }),
  },
  runDir,
});

describe('optimize a typed program with reasoning, nested outputs, re-asks and a module model', () => {
  it('lifts the pipeline to 1, each module on its model, the reflector reading the reasoning', async () => {
    const settings = config(join(root, 'whole'));
    const events: ForgeEvent[] = [];
    const result = await optimize(settings, { onEvent: (event) => events.push(event) });
    expect(result.seedScore).toBe(0);
    expect(result.bestScore).toBe(1);
    expect(result.bestPrompts['extract']).toContain(lowerCaseRule);
    expect(result.bestPrompts['sentiment']).toContain(negativeRule);

    // Every sentiment call went to the module's own model, every other call to the task model.
    const sentimentCalls = settings.moduleModels.sentiment.calls;
    expect(sentimentCalls.length).toBeGreaterThan(0);
    expect(new Set(sentimentCalls.map((call) => call.module))).toEqual(new Set(['sentiment']));
    expect(new Set(settings.taskModel.calls.map((call) => call.module))).toEqual(
      new Set(['extract', 'summarize']),
    );
    // A hinge review's first answer was re-asked (once per such evaluation).
    const reasks = sentimentCalls.filter((call) => call.attempt === 1);
    expect(reasks.length).toBeGreaterThan(0);
    expect(reasks.every((call) => String(call.input['review']).includes('hinge'))).toBe(true);
    // The program's history names the model that answered each module, its own or the task's.
    const answeredBy = new Set(
      program.history.last().map((call) => `${call.module} ${call.model}`),
    );
    expect(answeredBy.has('sentiment scripted:sentiment')).toBe(true);
    expect([...answeredBy].filter((entry) => entry.startsWith('sentiment '))).toEqual([
      'sentiment scripted:sentiment',
    ]);

    // The run's records keep each model's calls under role task (the cache answering repeats),
    // a re-ask a call of its own.
    const database = openRunDatabase(result.runDir, { readonly: true });
    const modelCalls = readModelCalls(database);
    const paidByModel = new Map<
      string,
      { role: string; provider: string; model: string; calls: number }
    >();
    for (const call of modelCalls.filter((call) => call.role === 'task')) {
      const key = JSON.stringify([call.provider, call.model]);
      const row = paidByModel.get(key) ?? {
        role: 'task',
        provider: call.provider,
        model: call.model,
        calls: 0,
      };
      paidByModel.set(key, { ...row, calls: row.calls + (call.cached ? 0 : 1) });
    }
    const rows = [...paidByModel.values()].sort((a, b) => (a.model < b.model ? -1 : 1));
    const recordedReasks = {
      n: modelCalls.filter(
        (call) =>
          call.model === 'sentiment' &&
          !call.cached &&
          call.requestJson?.toLowerCase().includes('your last answer could not be used'),
      ).length,
    };
    database.close();
    expect(recordedReasks.n).toBe(reasks.length);
    expect(rows).toEqual([
      { role: 'task', provider: 'scripted', model: 'sentiment', calls: sentimentCalls.length },
      {
        role: 'task',
        provider: 'scripted',
        model: 'task',
        calls: settings.taskModel.calls.length,
      },
    ]);
    const prepared = events.find((event) => event.type === 'run-prepared');
    expect(prepared?.type === 'run-prepared' && prepared.models).toMatchObject({
      task: 'scripted:task',
      'task.sentiment': 'scripted:sentiment',
    });
    const saved = JSON.parse(readFileSync(join(result.runDir, 'config.json'), 'utf8'));
    expect(saved.moduleModels).toEqual({ sentiment: 'scripted:sentiment' });
    expect(saved.objectInputs).toContain('moduleModels.sentiment');

    // The extract module's reasoning reached the reflector, inside the traces it reads.
    const reflections = settings.optimizerModel.calls.filter((call) => call.contract === 'reflect');
    expect(
      reflections.some((call) =>
        JSON.stringify(call.request.messages).includes('<reasoning>The review names 2 parts.'),
      ),
    ).toBe(true);
  });

  it('evaluates a run’s best prompts with its module model, given again', async () => {
    const runDir = join(root, 'whole');
    const { runDir: _runDir, moduleModels, ...objects } = config(runDir);
    await expect(evaluate({ run: runDir, ...objects, split: 'validation' })).rejects.toThrow(
      'evaluate({ run, moduleModels })',
    );
    const judge = sentimentModel();
    const scored = await evaluate({
      run: runDir,
      ...objects,
      moduleModels: { sentiment: judge },
      split: 'validation',
    });
    expect(scored.score).toBe(1);
    expect(judge.calls.length).toBeGreaterThan(0);
    expect(objects.taskModel.calls.every((call) => call.module !== 'sentiment')).toBe(true);
    expect(moduleModels.sentiment.calls).toHaveLength(0);
  });

  it('resumes to the result of an uninterrupted run, the module model given again', async () => {
    // Searching on past the perfect score, so the stop at step 2 falls inside the run.
    const whole = await optimize(config(join(root, 'whole-again'), false));
    const runDir = join(root, 'stopped');
    const controller = new AbortController();
    const stopped = await optimize(config(runDir, false), {
      stopSignal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'step-start' && event.step === 2) controller.abort();
      },
    });
    expect(stopped.evaluationsUsed).toBeLessThan(whole.evaluationsUsed);
    const {
      runDir: _runDir,
      moduleModels: _moduleModels,
      ...withoutModuleModel
    } = config(runDir, false);
    await expect(optimize(withoutModuleModel, { resume: runDir })).rejects.toThrow(/moduleModels/);
    const { runDir: _again, ...objects } = config(runDir, false);
    const resumed = await optimize(objects, { resume: runDir });
    expect(resumed.bestPrompts).toEqual(whole.bestPrompts);
    expect(resumed.evaluationsUsed).toBe(whole.evaluationsUsed);
    expect(resumed.bestScore).toBe(1);
  });

  it('refuses a module model for a module the program does not have, naming the field', async () => {
    await expect(
      optimize({ ...config(join(root, 'typo')), moduleModels: { sentimnt: sentimentModel() } }),
    ).rejects.toThrow(
      'field "moduleModels.sentimnt": program review-pipeline has no module "sentimnt" (its modules: extract, sentiment, summarize)',
    );
  });
});
