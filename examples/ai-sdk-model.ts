// Any AI SDK model as Forge's task model and optimizer, handed to `optimize()` as objects together
// with an in-memory program, its metric and its data — no registry, no module path, no file.
// `fromAISDK(model)` from @forge/provider-ai-sdk turns an AI SDK language model (here the AI SDK's
// own `MockLanguageModelV3`, so the example runs offline) into a Forge `LanguageModel`. Swap the
// mocks for real ones — `openai('gpt-5.5')` from @ai-sdk/openai, `groq('llama-3.3-70b-versatile')`
// from @ai-sdk/groq, a Bedrock or Vertex model — and nothing else changes.
//
// The mocks are scripted: the task model formats a quantity correctly only when its system
// prompt states the style rule for that quantity's kind; the optimizer adds the rules the
// feedback names. Nothing here is a real model.
//
// Run: pnpm exec tsx examples/ai-sdk-model.ts
import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import type { Evaluator, Instance, Program } from '@forge/program';
import { fromAISDK } from '@forge/provider-ai-sdk';
import { optimize } from '@forge/sdk';
import { MockLanguageModelV3 } from 'ai/test';

const styleRules: Record<string, { rule: string; format: (value: number) => string }> = {
  money: { rule: 'Write money as USD with two decimals.', format: (value) => `USD ${value}.00` },
  percent: { rule: 'Write shares as percentages.', format: (value) => `${value}%` },
  distance: { rule: 'Write distances in kilometres.', format: (value) => `${value} km` },
  weight: { rule: 'Write weights in kilograms.', format: (value) => `${value} kg` },
};
const kinds = Object.keys(styleRules);

const instances = (prefix: string, count: number): Instance[] =>
  Array.from({ length: count }, (_, index) => {
    const kind = kinds[index % kinds.length] as string;
    const value = 10 + index;
    return {
      id: `${prefix}${index}`,
      input: { kind, value },
      gold: { answer: styleRules[kind]?.format(value) ?? '' },
    };
  });

const program: Program = {
  name: 'quantity-formatter',
  modules: [{ name: 'format', seedPrompt: 'Format the quantity.' }],
  async run(instance, prompts, context) {
    const user = `kind: ${String(instance.input['kind'])}\nvalue: ${String(instance.input['value'])}`;
    const result = await context.model.generate({
      system: prompts['format'],
      messages: [{ role: 'user', content: user }],
      maxOutputTokens: 32,
      metadata: context.metadata,
      abortSignal: context.abortSignal,
    });
    return {
      output: { answer: result.text.trim() },
      trace: [
        {
          module: 'format',
          messages: [
            { role: 'user', content: user },
            { role: 'assistant', content: result.text },
          ],
        },
      ],
    };
  },
};

const evaluate: Evaluator = (instance, execution) =>
  execution.output['answer'] === instance.gold['answer']
    ? { score: 1 }
    : {
        score: 0,
        feedback: `Expected "${String(instance.gold['answer'])}": the style for ${String(instance.input['kind'])} quantities was not followed.`,
      };

// What an AI SDK model receives: a system message and typed content parts.
function promptParts(options: LanguageModelV3CallOptions): { system: string; user: string } {
  let system = '';
  let user = '';
  for (const message of options.prompt) {
    if (message.role === 'system') system = message.content;
    if (message.role === 'user') {
      for (const part of message.content) if (part.type === 'text') user += part.text;
    }
  }
  return { system, user };
}

function answer(text: string, inputTokens: number): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: Math.ceil(text.length / 4), text: undefined, reasoning: 0 },
    },
    warnings: [],
  };
}

// Simulated task model behind the AI SDK interface.
const aiSDKTaskModel = new MockLanguageModelV3({
  provider: 'mock.chat',
  modelId: 'scripted-formatter (not a real model)',
  doGenerate: async (options) => {
    const { system, user } = promptParts(options);
    const [, kind = '', value = '0'] = /kind: (\w+)\nvalue: (\d+)/.exec(user) ?? [];
    const style = styleRules[kind];
    const text = style && system.includes(style.rule) ? style.format(Number(value)) : value;
    return answer(text, Math.ceil((system.length + user.length) / 4));
  },
});

// Simulated optimizer behind the AI SDK interface: adds the rule of every kind the feedback names.
const aiSDKOptimizer = new MockLanguageModelV3({
  provider: 'mock.chat',
  modelId: 'scripted-reflector (not a real model)',
  doGenerate: async (options) => {
    const { user } = promptParts(options);
    const current =
      /# Current System Prompt\n\n([\s\S]*?)\n\n# Evaluation Results/.exec(user)?.[1] ?? '';
    const named = [...user.matchAll(/style for (\w+) quantities/g)].map((match) => match[1]);
    const added = [...new Set(named)]
      .map((kind) => styleRules[kind as string]?.rule ?? '')
      .filter((rule) => rule !== '' && !current.includes(rule));
    return answer(`<system_prompt>\n${[current, ...added].join('\n')}\n</system_prompt>`, 400);
  },
});

// The AI SDK models become Forge models; `optimize()` wraps them in the same middleware as any
// named model (cache, retries, limits, timeout, cost meter, recorder) and names them
// `mock:scripted-formatter…` in the run (the provider id up to its first dot, then the model id).
const result = await optimize({
  program,
  metric: evaluate,
  train: instances('train-', 12),
  validation: instances('val-', 8),
  test: instances('test-', 8),
  taskModel: fromAISDK(aiSDKTaskModel),
  optimizerModel: fromAISDK(aiSDKOptimizer),
  method: 'prompt-search',
  budget: { maxEvaluations: 160 },
  prices: {
    'mock:scripted-formatter*': { input: 0.1, output: 0.4 },
    'mock:scripted-reflector*': { input: 2, output: 8 },
  },
  // No runDir: the run goes to ./forge-runs/quantity-formatter-<time>, like any other.
});

console.log('Simulated run (AI SDK mock models through fromAISDK, not a real LLM):');
console.log(
  `  validation ${result.seedScore.toFixed(2)} → ${result.bestScore.toFixed(2)}, test ${result.testBestScore?.toFixed(2)}; ` +
    `${result.candidates} candidates, ${result.evaluationsUsed} evaluations (${result.reason})`,
);
console.log(
  `  ${aiSDKTaskModel.doGenerateCalls.length} task calls and ${aiSDKOptimizer.doGenerateCalls.length} optimizer calls reached the AI SDK models; cost $${result.costUsd.toFixed(4)}`,
);
console.log(`  run directory: ${result.runDir}`);
console.log(`  best prompt:\n${result.bestPrompts['format']}`);
if (result.bestScore <= result.seedScore) {
  console.error('expected the search to improve on the seed prompt');
  process.exit(1);
}
