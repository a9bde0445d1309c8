import { createHash } from 'node:crypto';
import type { Evaluator, Instance, Program } from '@forge/program';
import type { GenerateRequest } from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';

// A toy task for the tests of any method (Forge's core and the peer methods alike). Each
// instance has a category; the task model answers it correctly only when its system prompt names
// that category's rule (`rule-<category>`), and the evaluator's feedback names the missing rule,
// so a method that turns feedback into prompt rules climbs to 1. Two modules (`read`, `answer`)
// let round-robin reflection be observed. `@forge/core/testing` has the optimizer side.

/** The toy instances' categories, each with its rule `rule-<category>`. */
export const categories = ['a', 'b', 'c', 'd'] as const;

/** `count` instances `<prefix><i>` cycling through `pool`; gold `<category>:<i>`. */
export function toyInstances(
  prefix: string,
  count: number,
  pool: readonly string[] = categories,
): Instance[] {
  return Array.from({ length: count }, (_, index) => {
    const category = pool[index % pool.length] as string;
    return {
      id: `${prefix}${index}`,
      input: { category, value: index },
      gold: { answer: `${category}:${index}` },
    };
  });
}

/** The toy program: one call whose system prompt is every module's prompt joined. */
export function toyProgram(modules: readonly string[] = ['read', 'answer']): Program {
  return {
    name: 'toy',
    modules: modules.map((name) => ({ name, seedPrompt: `You are the ${name} module.` })),
    async run(instance, prompts, context) {
      const user = `category=${String(instance.input['category'])} value=${String(instance.input['value'])}`;
      const system = modules.map((name) => prompts[name]).join('\n');
      const result = await context.model.generate({
        system,
        messages: [{ role: 'user', content: user }],
        abortSignal: context.abortSignal,
        metadata: context.metadata,
      });
      return {
        output: { answer: result.text },
        trace: [
          {
            module: modules[modules.length - 1] as string,
            messages: [
              { role: 'user', content: user },
              { role: 'assistant', content: result.text },
            ],
          },
        ],
        usage: result.usage,
      };
    },
  };
}

/** Exact match; the feedback of a miss names the missing rule. */
export const toyEvaluate: Evaluator = (instance, execution) => {
  const correct = execution.output['answer'] === instance.gold['answer'];
  return correct
    ? { score: 1 }
    : { score: 0, feedback: `wrong answer: missing rule-${String(instance.input['category'])}` };
};

/** Latency derived from the request, so concurrent completions finish in a scrambled order. */
export function hashLatency(request: GenerateRequest, maxMs: number): number {
  if (maxMs === 0) return 0;
  const digest = createHash('sha256').update(JSON.stringify(request.messages)).digest();
  return (digest[0] as number) % (maxMs + 1);
}

/** The toy task model: right only when its system prompt names the instance's rule. */
export function toyTaskModel(options: { latencyMs?: number } = {}): MockLanguageModel {
  return new MockLanguageModel({
    modelId: 'toy-task',
    responses: async (request) => {
      await sleep(hashLatency(request, options.latencyMs ?? 0));
      const match = /category=(\w+) value=(\d+)/.exec(
        (request.messages[0] as { content: string }).content,
      );
      const category = match?.[1] ?? '';
      const value = match?.[2] ?? '';
      return (request.system ?? '').includes(`rule-${category}`)
        ? `${category}:${value}`
        : 'unknown';
    },
  });
}

function sleep(milliseconds: number): Promise<void> {
  return milliseconds > 0
    ? new Promise((resolve) => setTimeout(resolve, milliseconds))
    : Promise.resolve();
}
