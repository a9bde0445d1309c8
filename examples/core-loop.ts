// The prompt-search core on a toy task, offline: a scripted task model that answers correctly
// only when its system prompt states the rule for the instance's category, and a scripted
// reflector that adds the rules the feedback names. Nothing here is a real model.
//
// Run: pnpm exec tsx examples/core-loop.ts
import { runSearch } from '@forge/core';
import type { Evaluator, Instance, Program } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';

const rules: Record<string, string> = {
  date: 'Write dates as YYYY-MM-DD.',
  unit: 'Convert lengths to metres.',
  name: 'Write names as Family, Given.',
};

const instances = (prefix: string, count: number): Instance[] =>
  Array.from({ length: count }, (_, index) => {
    const kind = Object.keys(rules)[index % 3] as string;
    return {
      id: `${prefix}${index}`,
      input: { kind, item: index },
      gold: { answer: `${kind}-${index}` },
    };
  });

const program: Program = {
  name: 'toy-normaliser',
  modules: [{ name: 'normalise', seedPrompt: 'Normalise the item.' }],
  async run(instance, prompts, context) {
    const user = `kind: ${String(instance.input['kind'])}\nitem: ${String(instance.input['item'])}`;
    const result = await context.model.generate({
      system: prompts['normalise'],
      messages: [{ role: 'user', content: user }],
      metadata: context.metadata,
      abortSignal: context.abortSignal,
    });
    return {
      output: { answer: result.text },
      trace: [
        {
          module: 'normalise',
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
        feedback: `The rule for ${String(instance.input['kind'])} items was not applied.`,
      };

// Simulated task model: applies a rule only when the system prompt states it.
const taskModel = new MockLanguageModel({
  modelId: 'scripted-task (not a real model)',
  responses: (request) => {
    const content = (request.messages[0] as { content: string }).content;
    const [, kind = '', item = ''] = /kind: (\w+)\nitem: (\d+)/.exec(content) ?? [];
    return (request.system ?? '').includes(rules[kind] ?? '\u0000') ? `${kind}-${item}` : item;
  },
});

// Simulated reflector: adds the rule each feedback line names to the current prompt.
const reflector = new MockLanguageModel({
  modelId: 'scripted-reflector (not a real model)',
  responses: (request) => {
    const content = (request.messages[0] as { content: string }).content;
    const current =
      /# Current System Prompt\n\n([\s\S]*?)\n\n# Evaluation Results/.exec(content)?.[1] ?? '';
    const kinds = [...content.matchAll(/rule for (\w+) items/g)].map((match) => match[1] as string);
    const added = [...new Set(kinds)]
      .map((kind) => rules[kind])
      .filter((rule) => !current.includes(rule ?? ''));
    return `<system_prompt>\n${[current, ...added].join('\n')}\n</system_prompt>`;
  },
});

const result = await runSearch({
  program,
  evaluate,
  taskModel,
  optimizerModel: reflector,
  train: instances('train-', 9),
  validation: instances('val-', 6),
  maxEvaluations: 120,
  seed: 0,
  onEvent: (event) => {
    if (event.type === 'candidate-validated') {
      console.log(
        `candidate ${event.candidate} (parent ${event.parent ?? '-'}): validation ${event.score.toFixed(2)}`,
      );
    }
  },
});

console.log('\nSimulated run (scripted models, not a real LLM):');
console.log(
  `  seed validation score ${result.seedScore.toFixed(2)} → best ${result.bestScore.toFixed(2)}`,
);
console.log(
  `  ${result.candidates.length} candidates, ${result.steps} steps, ${result.evaluationsUsed} evaluations (${result.stopReason})`,
);
console.log(`  best prompt:\n${result.bestCandidate.prompts['normalise']}`);
