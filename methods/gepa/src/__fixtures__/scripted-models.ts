import type { Benchmark, Instance } from '@forge/program';
import { defineSignature } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';

// Scripted models for GEPA's tests. The reflector speaks GEPA's contract: it reads the current
// instruction from the first fenced block, adds every `rule-<x>` that the feedback says is
// missing, and answers in a fenced block. A two-module task ("first" owns categories a and b,
// "second" owns c and d) makes round robin, Pareto fronts and merges observable.

/** A reflector for GEPA's fenced contract; `transform` may rewrite its answer. */
export function fencedReflector(
  options: {
    readonly transform?: (text: string, callIndex: number) => string;
  } = {},
): MockLanguageModel {
  return new MockLanguageModel({
    modelId: 'fenced-reflector',
    responses: (request, callIndex) => {
      const user = String((request.messages[0] as { content: string }).content);
      const current = /```\n([\s\S]*?)\n```/.exec(user)?.[1] ?? '';
      const missing = [...user.matchAll(/missing (rule-\w+)/g)].map((match) => match[1] as string);
      const added = [...new Set(missing)].filter((rule) => !current.includes(rule));
      const text = `Adding ${added.join(', ') || 'nothing'}.\n\`\`\`\n${[current, ...added].join(' ')}\n\`\`\``;
      return options.transform ? options.transform(text, callIndex) : text;
    },
  });
}

const owner = (category: string) => (category === 'a' || category === 'b' ? 'first' : 'second');

/** Instances of the two-module task, categories cycling a, b, c, d. */
export function twoModuleInstances(prefix: string, count: number): Instance[] {
  return Array.from({ length: count }, (_, index) => {
    const category = ['a', 'b', 'c', 'd'][index % 4] as string;
    return { id: `${prefix}${index}`, input: { category, value: index }, gold: { answer: `${category}:${index}` } };
  });
}

/**
 * The two-module task: the program shows the model every module's prompt, and traces the call
 * under the module that owns the instance's category; feedback goes to that module.
 */
export const twoModuleBenchmark: Benchmark = {
  id: 'two-module-toy',
  title: 'Two-module toy',
  signature: defineSignature({
    name: 'TwoModuleToy',
    inputFields: [
      { name: 'category', type: 'str', description: 'a, b, c or d.' },
      { name: 'value', type: 'int', description: 'A number.' },
    ],
    outputFields: [{ name: 'answer', type: 'str', description: '<category>:<value>.' }],
  }),
  program: {
    name: 'two-module-toy',
    modules: [
      { name: 'first', seedPrompt: 'You are the first module.' },
      { name: 'second', seedPrompt: 'You are the second module.' },
    ],
    async run(instance, prompts, context) {
      const category = String(instance.input['category']);
      const user = `category=${category} value=${String(instance.input['value'])}`;
      const result = await context.model.generate({
        system: `${prompts['first'] ?? ''}\n${prompts['second'] ?? ''}`,
        messages: [{ role: 'user', content: user }],
        ...(context.abortSignal === undefined ? {} : { abortSignal: context.abortSignal }),
        ...(context.metadata === undefined ? {} : { metadata: context.metadata }),
      });
      return {
        output: { answer: result.text },
        trace: [
          {
            module: owner(category),
            messages: [
              { role: 'user', content: user },
              { role: 'assistant', content: result.text },
            ],
          },
        ],
        usage: result.usage,
      };
    },
  },
  evaluate: (instance, execution) => {
    const category = String(instance.input['category']);
    if (execution.output['answer'] === instance.gold['answer']) return { score: 1, feedback: 'right' };
    const feedback = `wrong answer: missing rule-${category}`;
    return { score: 0, feedback, moduleFeedback: { [owner(category)]: feedback } };
  },
  loadSplits: async () => ({ train: [], validation: [], test: [] }),
  synthesis: { attempts: 0, epochs: 0, patience: 1 },
};

/**
 * The task model: right when the system prompt states the category's rule. Two words spoil a
 * prompt that also states `rule-a`, so a merge of two good parents can be made to fail: `poison`
 * costs it categories a and b, `venom` costs it everything.
 */
export function twoModuleTaskModel(): MockLanguageModel {
  return new MockLanguageModel({
    modelId: 'two-module-task',
    responses: (request) => {
      const user = String((request.messages[0] as { content: string }).content);
      const match = /category=(\w+) value=(\d+)/.exec(user);
      const system = request.system ?? '';
      const category = match?.[1] ?? '';
      const spoiled =
        system.includes('rule-a') &&
        (system.includes('venom') ||
          (system.includes('poison') && (category === 'a' || category === 'b')));
      return !spoiled && system.includes(`rule-${category}`) ? `${category}:${match?.[2]}` : 'unknown';
    },
  });
}
