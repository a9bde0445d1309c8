import type { Benchmark, Instance } from '@forge/program';
import { defineSignature } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';
import { checkCheckpointHeader } from '../check-checkpoint-header.js';
import { evaluateMany } from '../evaluate-many.js';
import { createLimiter } from '@forge/program';
import type { Method, MethodResult } from '../method.js';
import { type MethodHistoryPoint, nextHistoryPoint } from '../method-history.js';

// A small method for the contract's own tests: hill climbing on one prompt. Each step evaluates
// the best prompt on the next training minibatch, asks the `reflect` role for a better prompt
// from the feedback, and keeps it if its validation mean is strictly higher. It saves after
// every step, so it exercises the resume path the way a real method must.

interface HillClimbState {
  readonly step: number;
  readonly evaluationsUsed: number;
  readonly prompts: string[];
  readonly scores: number[];
  readonly best: number;
  readonly history: MethodHistoryPoint[];
}

export const hillClimbMethod: Method = {
  id: 'hill-climb',
  title: 'Hill climbing',
  description: 'Test fixture: one prompt improved by reflection, kept on strict validation gains.',
  roles: ['reflect'],
  async run(context): Promise<MethodResult> {
    const module = context.benchmark.program.modules[0]?.name ?? 'main';
    const header = {
      method: 'hill-climb',
      formatVersion: 1,
      identity: { seed: context.seed, validation: context.validation.map((item) => item.id) },
    };
    const saved = await context.storage.checkpoints.load();
    if (saved === undefined) await context.storage.checkpoints.initialize(header);
    else checkCheckpointHeader(saved.header, header);
    const limit = createLimiter(context.concurrency);
    const evaluate = async (prompt: string, instances: readonly Instance[], target: string) =>
      evaluateMany({
        program: context.benchmark.program,
        evaluate: context.benchmark.evaluate,
        model: context.models.task,
        prompts: { [module]: prompt },
        instances,
        limit,
        ...(context.abortSignal === undefined ? {} : { abortSignal: context.abortSignal }),
        onEvaluated: (evaluated) =>
          context.onEvent({
            type: 'evaluation-end',
            step: null,
            target,
            instanceId: evaluated.instance.id,
            score: evaluated.evaluation.score,
          }),
      });
    const mean = (values: readonly number[]) =>
      values.reduce((sum, value) => sum + value, 0) / values.length;

    let state = saved?.state as HillClimbState | undefined;
    if (state === undefined) {
      const seedPrompt = context.seedCandidate.prompts[module] ?? '';
      const scores = (await evaluate(seedPrompt, context.validation, 'validation')).map(
        (evaluated) => evaluated.evaluation.score,
      );
      const validation = mean(scores);
      state = {
        step: 0,
        evaluationsUsed: context.validation.length,
        prompts: [seedPrompt],
        scores: [validation],
        best: 0,
        history: [
          nextHistoryPoint(undefined, {
            evaluationsUsed: context.validation.length,
            candidate: 0,
            validation,
            step: null,
          }),
        ],
      };
      await context.storage.checkpoints.save({ state, records: [] });
    }
    const batch = context.minibatchSize;
    let stopReason = 'evaluation budget';
    while (state.evaluationsUsed + batch + context.validation.length <= context.budget.maxEvaluations) {
      if (context.stopSignal?.aborted) {
        stopReason = 'stop requested';
        break;
      }
      const start = (state.step * batch) % context.train.length;
      const minibatch = Array.from(
        { length: batch },
        (_, offset) => context.train[(start + offset) % context.train.length] as Instance,
      );
      const bestPrompt = state.prompts[state.best] ?? '';
      const parent = await evaluate(bestPrompt, minibatch, 'parent');
      const feedback = parent
        .filter((evaluated) => evaluated.evaluation.score < 1)
        .map((evaluated) => evaluated.evaluation.feedback ?? '')
        .join('\n');
      const reflected = await context.models.optimizer('reflect').generate({
        system: 'Improve the prompt.',
        messages: [{ role: 'user', content: `prompt:\n${bestPrompt}\nfeedback:\n${feedback}` }],
        metadata: { role: 'reflect' },
        ...(context.abortSignal === undefined ? {} : { abortSignal: context.abortSignal }),
      });
      const scores = (await evaluate(reflected.text, context.validation, 'validation')).map(
        (evaluated) => evaluated.evaluation.score,
      );
      const validation = mean(scores);
      const candidate = state.prompts.length;
      const evaluationsUsed: number = state.evaluationsUsed + batch + context.validation.length;
      const previous = state.history[state.history.length - 1];
      const point = nextHistoryPoint(previous, {
        evaluationsUsed,
        candidate,
        validation,
        step: state.step,
      });
      state = {
        step: state.step + 1,
        evaluationsUsed,
        prompts: [...state.prompts, reflected.text],
        scores: [...state.scores, validation],
        best: point.bestCandidate,
        history: [...state.history, point],
      };
      await context.storage.checkpoints.save({
        state,
        records: [{ kind: 'candidate', step: state.step - 1, data: { candidate, validation } }],
      });
      context.onEvent({
        type: 'step-end',
        step: state.step - 1,
        outcome: point.bestCandidate === candidate ? 'improved' : 'kept',
        evaluationsUsed,
        bestCandidate: state.best,
        bestScore: state.scores[state.best] ?? 0,
        candidates: state.prompts.length,
      });
    }
    const best = { prompts: { [module]: state.prompts[state.best] ?? '' } };
    return {
      stopReason,
      seedCandidate: context.seedCandidate,
      bestCandidate: best,
      bestCandidateIndex: state.best,
      seedValidation: state.scores[0] ?? 0,
      bestValidation: state.scores[state.best] ?? 0,
      evaluationsUsed: state.evaluationsUsed,
      steps: state.step,
      candidates: state.prompts.length,
      usage: {},
      history: state.history,
    };
  },
};

// The task: each instance has a category; the task model answers right only when its system
// prompt names the category's rule; the reflector adds the rule the feedback names.
const categories = ['a', 'b', 'c', 'd', 'e'];

export function hillClimbInstances(prefix: string, count: number): Instance[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${prefix}${index}`,
    input: { category: categories[index % categories.length] as string },
    gold: { answer: `ok-${categories[index % categories.length]}` },
  }));
}

export const hillClimbBenchmark: Benchmark = {
  id: 'hill-climb-toy',
  title: 'Hill-climb toy',
  signature: defineSignature({
    name: 'HillClimbToy',
    inputFields: [{ name: 'category', type: 'str', description: 'A category letter.' }],
    outputFields: [{ name: 'answer', type: 'str', description: 'ok-<category>.' }],
  }),
  program: {
    name: 'toy',
    modules: [{ name: 'main', seedPrompt: 'Answer.' }],
    async run(instance, prompts, context) {
      const user = String(instance.input['category']);
      const result = await context.model.generate({
        system: prompts['main'] ?? '',
        messages: [{ role: 'user', content: user }],
        ...(context.abortSignal === undefined ? {} : { abortSignal: context.abortSignal }),
        ...(context.metadata === undefined ? {} : { metadata: context.metadata }),
      });
      return {
        output: { answer: result.text },
        trace: [{ module: 'main', messages: [{ role: 'assistant', content: result.text }] }],
      };
    },
  },
  evaluate: (instance, execution) => {
    const right = execution.output['answer'] === instance.gold['answer'];
    return {
      score: right ? 1 : 0,
      ...(right ? {} : { feedback: `missing rule-${String(instance.input['category'])}` }),
    };
  },
  loadSplits: async () => ({ train: [], validation: [], test: [] }),
  synthesis: { attempts: 0, epochs: 0, patience: 1 },
};

export function hillClimbTaskModel(): MockLanguageModel {
  return new MockLanguageModel({
    latencyMs: 1,
    responses: (request) => {
      const category = String(
        request.messages[0] && 'content' in request.messages[0] ? request.messages[0].content : '',
      );
      return (request.system ?? '').includes(`rule-${category}`) ? `ok-${category}` : 'unsure';
    },
  });
}

export function hillClimbReflector(): MockLanguageModel {
  return new MockLanguageModel({
    responses: (request) => {
      const content = request.messages[0] && 'content' in request.messages[0] ? request.messages[0].content : '';
      const text = String(content);
      const prompt = text.slice('prompt:\n'.length, text.indexOf('\nfeedback:'));
      const rule = /missing (rule-\w+)/.exec(text)?.[1];
      return rule === undefined ? prompt : `${prompt} ${rule}`;
    },
  });
}
