// Plug in your own LM program and data: a `Benchmark` is a signature, a program (named modules
// with seed prompts), a metric with feedback, and a way to load the splits. Register it under an
// id and optimize it like a built-in benchmark (or point `forge optimize --program` at a module
// that exports it).
//
// The models here are scripted functions registered as a provider, so the example runs offline;
// swap in real model strings (e.g. `ollama:qwen3:8b` and `openai:gpt-5.5`) to use it for real.
//
// Run: pnpm exec tsx examples/custom-program.ts
import {
  type Benchmark,
  createSingleModuleProgram,
  defineSignature,
  type Instance,
} from '@forge/program';
import { registerProvider } from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';
import { optimize, registerBenchmark } from '@forge/sdk';

// 1. The task: turn a temperature in Fahrenheit into Celsius, rounded to an integer.
const signature = defineSignature({
  name: 'FahrenheitToCelsius',
  inputFields: [{ name: 'fahrenheit', type: 'int', description: 'A temperature in °F.' }],
  outputFields: [
    { name: 'celsius', type: 'int', description: 'The same temperature in °C, rounded.' },
  ],
});
const make = (prefix: string, values: number[]): Instance[] =>
  values.map((fahrenheit) => ({
    id: `${prefix}-${fahrenheit}`,
    input: { fahrenheit },
    gold: { celsius: Math.round(((fahrenheit - 32) * 5) / 9) },
  }));

const benchmark: Benchmark = {
  id: 'temperature',
  title: 'Fahrenheit to Celsius',
  signature,
  program: createSingleModuleProgram({
    name: 'converter',
    moduleName: 'convert',
    seedPrompt: 'Convert the temperature.',
    renderInput: (instance) => `Temperature: ${String(instance.input['fahrenheit'])} °F`,
    parseOutput: (text) => ({ celsius: Number.parseInt(/-?\d+/.exec(text)?.[0] ?? 'NaN', 10) }),
  }),
  evaluate: (instance, execution) =>
    execution.output['celsius'] === instance.gold['celsius']
      ? { score: 1 }
      : {
          score: 0,
          feedback: `Answered ${String(execution.output['celsius'])} °C but ${String(instance.gold['celsius'])} °C is right: subtract 32, then multiply by 5/9.`,
        },
  async loadSplits() {
    return {
      train: make('train', [32, 50, 212, 98, 0, 451]),
      validation: make('val', [41, 68, 104, -40]),
      test: make('test', [59, 86]),
    };
  },
  synthesis: { attempts: 4, epochs: 1, patience: 5 },
};
registerBenchmark('temperature', { createBenchmark: () => benchmark });

// 2. Scripted models (not real LLMs): the task model converts correctly only once its prompt
// states the formula; the optimizer writes the formula into the prompt when feedback names it.
registerProvider('scripted', (modelId) =>
  modelId === 'task'
    ? new MockLanguageModel({
        provider: 'scripted',
        modelId,
        responses: (request) => {
          const fahrenheit = Number(
            /(-?\d+) °F/.exec((request.messages[0] as { content: string }).content)?.[1],
          );
          const knows = (request.system ?? '').includes('subtract 32, then multiply by 5/9');
          return String(knows ? Math.round(((fahrenheit - 32) * 5) / 9) : fahrenheit - 30);
        },
      })
    : new MockLanguageModel({
        provider: 'scripted',
        modelId,
        responses: (request) => {
          const user = (request.messages[0] as { content: string }).content;
          if (!user.startsWith('# Current System Prompt')) return 'no answer';
          return `<system_prompt>\n# Role\nYou convert temperatures.\n# Core Principles\nTo convert, subtract 32, then multiply by 5/9, and round.\n</system_prompt>`;
        },
      }),
);

const result = await optimize({
  benchmark: 'temperature',
  taskModel: 'scripted:task',
  optimizerModel: 'scripted:optimizer',
  variant: 'prompt-search',
  budget: { maxEvaluations: 60 },
  runDir: `forge-runs/temperature-${Date.now()}`,
});
console.log(
  `[scripted models, not a real LLM] temperature: validation ${result.seedScore.toFixed(2)} → ${result.bestScore.toFixed(2)}; ` +
    `test ${result.testBestScore?.toFixed(2)}\nbest prompt:\n${result.bestPrompts['convert']}`,
);
