import {
  type Benchmark,
  type Instance,
  type ProgramModule,
  seedPrompts,
  type TypedModule,
} from '@forge/program';
import type { GenerateRequest, LanguageModel } from '@forge/provider';
import { type ModuleCallOrder, moduleCallOrder, moduleOfCall } from './module-call-order.js';
import { placeholderValue } from './placeholder-answer.js';
import { promptTokens } from './prompt-tokens.js';

/** The task program's call sizes, measured once per benchmark. */
export interface TaskPromptSize {
  /** Model calls per evaluation (re-asks included). */
  readonly callsPerEvaluation: number;
  /** Estimated prompt tokens per call. */
  readonly inputPerCall: number;
  /** Estimated completion tokens per call. */
  readonly outputPerCall: number;
  /** Prompt tokens of one module's seed instruction, on average (what an optimizer call shows and rewrites). */
  readonly instructionTokens: number;
  /** Tokens of one evaluation as an optimizer call shows it: its calls' inputs and answers, without the instructions. */
  readonly executionTokens: number;
  /** Tokens of one training instance (input and gold), on average (what a generator writes). */
  readonly instanceTokens: number;
  /**
   * The program's calls by module and order, measured with the rest (absent with documented sizes
   * or when the program made no call): what a change to one module's prompt leaves to the cache.
   */
  readonly moduleCalls?: ModuleCallOrder;
  /** Training instances measured (0 when the sizes are the benchmark's documented ones). */
  readonly sampled: number;
  /** Where the sizes come from, in words. */
  readonly basis: string;
}

/** Completion tokens per task call assumed when no answer was measured (a real model's typical answer). */
export const typicalTaskOutputTokens = 400;

/** How many training instances the measurement runs the program on. */
export const measuredInstances = 5;

/** Settings of `measureTaskPrompt`. */
export interface MeasureTaskPromptOptions {
  /** Stop a program still waiting after this long (a tool on a server). Default 2000 ms. */
  readonly deadlineMs?: number;
  /**
   * A model that costs nothing and needs no network to measure with instead of the built-in
   * stand-in — the run's own task model when it is simulated (`sim:`). Its answers' sizes are
   * measured too.
   */
  readonly model?: LanguageModel;
  /** Words naming `model` in the basis. Default `the given model`. */
  readonly modelLabel?: string;
  /**
   * Completion tokens per call to assume instead of the stand-in's placeholder answers (the run
   * config's `estimateAnswerTokens`). Unused with `model`, which measures its own answers.
   */
  readonly answerTokens?: number;
}

/**
 * The task program's call sizes: a benchmark's documented sizes when it states them (an agent
 * that needs its environment is never run: an estimate never waits on a server), else the program
 * run on up to `measuredInstances` training instances with a stand-in model that costs nothing and
 * needs no network, counting every call (re-asks included). The built-in stand-in answers a typed
 * module (`defineModule`) with a placeholder of its output schema, so the program goes on to its
 * next module, and any other call with an empty answer; it measures prompts, not answer lengths
 * (a real model's answer is assumed at `typicalTaskOutputTokens`). `options.model` (a simulated
 * model) measures both. A program still waiting after `deadlineMs` is stopped.
 */
export async function measureTaskPrompt(
  benchmark: Benchmark,
  train: readonly Instance[],
  options: MeasureTaskPromptOptions = {},
): Promise<TaskPromptSize> {
  const documented = benchmark.documentedCallSizes;
  const sample = train.slice(0, measuredInstances);
  const seeds = Object.values(seedPrompts(benchmark.program));
  const instructionTokens = Math.ceil(
    seeds.reduce((total, prompt) => total + String(prompt).length, 0) /
      Math.max(1, seeds.length) /
      4,
  );
  const instanceTokens =
    sample.length === 0
      ? 100
      : Math.ceil(
          sample.reduce(
            (total, instance) =>
              total + (JSON.stringify({ input: instance.input, gold: instance.gold }) ?? '').length,
            0,
          ) /
            sample.length /
            4,
        );
  if (documented !== undefined) {
    const inputPerCall =
      documented.firstInputTokens + (documented.inputTokensPerStep * (documented.maxCalls - 1)) / 2;
    return {
      callsPerEvaluation: documented.maxCalls,
      inputPerCall,
      outputPerCall: documented.outputTokensPerCall,
      instructionTokens,
      // An agent's trace: the whole conversation once, not every call's prompt.
      executionTokens: inputPerCall + documented.outputTokensPerCall,
      instanceTokens,
      sampled: 0,
      basis: documented.source,
    };
  }
  const requests: GenerateRequest[] = [];
  // The module of each call, one list per evaluation measured.
  const modulePrompts = Object.entries(seedPrompts(benchmark.program)).map(([name, prompt]) => ({
    name,
    prompt: String(prompt),
  }));
  const callModules: (string | undefined)[][] = [];
  const inputs: number[] = [];
  const outputs: number[] = [];
  const standIn = options.model ?? placeholderModel(benchmark.program.modules);
  const recording: LanguageModel = {
    specificationVersion: 'v1',
    provider: standIn.provider,
    modelId: standIn.modelId,
    async generate(request) {
      requests.push(request);
      callModules.at(-1)?.push(moduleOfCall(request, modulePrompts));
      const result = await standIn.generate(request);
      inputs.push(result.usage.inputTokens);
      outputs.push(result.usage.outputTokens);
      return result;
    },
  };
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.deadlineMs ?? 2000);
  let runs = 0;
  try {
    for (const instance of sample) {
      if (deadline.signal.aborted) break;
      runs += 1;
      callModules.push([]);
      try {
        await Promise.race([
          benchmark.program.run(instance, seedPrompts(benchmark.program), {
            model: recording,
            abortSignal: deadline.signal,
          }),
          new Promise((resolve) => deadline.signal.addEventListener('abort', resolve)),
        ]);
      } catch {
        // A program that cannot go on with the stand-in's answer still showed its calls so far.
      }
    }
  } finally {
    clearTimeout(timer);
  }
  const measured = requests.length > 0;
  const answersMeasured = measured && options.model !== undefined;
  const mean = (values: readonly number[]) =>
    values.reduce((total, value) => total + value, 0) / Math.max(1, values.length);
  const label = options.model === undefined ? undefined : (options.modelLabel ?? 'the given model');
  // The built-in stand-in answers a typed module in its schema's shape: that answer's size is the
  // estimate; a call it answers empty (no schema) is assumed at a real model's typical answer.
  const shaped = outputs.filter((tokens) => tokens > 0).length;
  const stated = options.model === undefined ? options.answerTokens : undefined;
  const outputPerCall = answersMeasured
    ? mean(outputs)
    : (stated ?? mean(outputs.map((tokens) => (tokens > 0 ? tokens : typicalTaskOutputTokens))));
  const callsPerEvaluation = Math.max(1, requests.length / Math.max(1, runs));
  // A given model counts its own prompt tokens; the built-in stand-in's are estimated.
  const inputPerCall = !measured
    ? 500
    : answersMeasured
      ? mean(inputs)
      : mean(requests.map(promptTokens));
  const answers =
    stated !== undefined
      ? `${stated} output tokens per call, as estimateAnswerTokens states`
      : shaped === outputs.length
        ? `answers sized as a placeholder in each typed module's output schema (a word a string, one item a list: ${Math.round(outputPerCall)} tokens a call; a real model's longer values and reasoning write more)`
        : shaped === 0
          ? `${typicalTaskOutputTokens} output tokens per call assumed`
          : `answers of typed modules sized as a placeholder in their output schema, the others' assumed at ${typicalTaskOutputTokens} tokens (${Math.round(outputPerCall)} a call on average)`;
  return {
    callsPerEvaluation,
    inputPerCall,
    outputPerCall: measured ? outputPerCall : (stated ?? typicalTaskOutputTokens),
    instructionTokens,
    executionTokens: measured
      ? callsPerEvaluation * Math.max(1, inputPerCall - instructionTokens + outputPerCall)
      : 500 + typicalTaskOutputTokens,
    instanceTokens,
    ...(measured
      ? {
          moduleCalls: moduleCallOrder(
            callModules,
            benchmark.program.modules.map((module) => module.name),
          ),
        }
      : {}),
    sampled: measured ? runs : 0,
    basis: !measured
      ? `the program made no model call with the stand-in: 500 prompt and ${stated ?? typicalTaskOutputTokens} output tokens per call assumed, not measured`
      : label !== undefined
        ? `calls (re-asks included), prompts and answers measured on ${runs} training instance(s) with ${label}`
        : `calls (re-asks included) and prompts measured on ${runs} training instance(s) with a stand-in that answers each typed module with a placeholder of its output schema (no cost, no network); ${answers}`,
  };
}

/**
 * The built-in stand-in: a typed module's request (`metadata.module`) gets a placeholder answer
 * in the module's format (with a reasoning line when the module reasons), any other an empty one.
 * Usage counts four characters a token.
 */
export function placeholderModel(modules: readonly ProgramModule[]): LanguageModel {
  const typed = new Map(
    modules.filter(isTypedModule).map((module): [string, TypedModule] => [module.name, module]),
  );
  return {
    specificationVersion: 'v1',
    provider: 'estimate',
    modelId: 'placeholder',
    async generate(request) {
      const module = typed.get(request.metadata?.module ?? '');
      const text =
        module === undefined
          ? ''
          : module.renderAnswer(
              placeholderValue(module.output) as Record<string, unknown>,
              module.reasoning ? 'placeholder' : undefined,
            );
      return {
        text,
        toolCalls: [],
        finishReason: 'stop',
        usage: {
          inputTokens: promptTokens(request),
          outputTokens: Math.ceil(text.length / 4),
        },
      };
    },
  };
}

function isTypedModule(module: ProgramModule): module is TypedModule {
  return (
    typeof (module as Partial<TypedModule>).renderAnswer === 'function' &&
    (module as Partial<TypedModule>).output !== undefined
  );
}
