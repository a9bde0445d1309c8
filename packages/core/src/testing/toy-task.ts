import { createHash } from 'node:crypto';
import type { Evaluator, Instance, Program } from '@forge/program';
import { extractXmlBlock } from '@forge/program';
import type { GenerateRequest } from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';

// A toy task for the core's tests. Each instance has a category; the task model answers it
// correctly only when its system prompt names that category's rule (`rule-<category>`). The
// evaluator's feedback names the missing rule, and the scripted reflector adds the rules the
// feedback names. Two modules (`read`, `answer`) let round-robin reflection be observed.

export const categories = ['a', 'b', 'c', 'd'] as const;

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

/**
 * A reflector that adds every rule the feedback names; `transform` may rewrite the response to
 * exercise the contract's failure paths.
 */
export function toyReflector(
  options: { latencyMs?: number; transform?: (text: string, callIndex: number) => string } = {},
): MockLanguageModel {
  return new MockLanguageModel({
    modelId: 'toy-reflector',
    responses: async (request, callIndex) => {
      const user = (request.messages[0] as { content: string }).content;
      await sleep(hashLatency(request, options.latencyMs ?? 0));
      const current =
        /# Current System Prompt\n\n([\s\S]*?)\n\n# Evaluation Results/.exec(user)?.[1] ?? '';
      const rules = [...user.matchAll(/missing (rule-\w+)/g)].map((match) => match[1] as string);
      const added = [...new Set(rules)].filter((rule) => !current.includes(rule));
      const text = `Thinking.\n<system_prompt>\n${[current, ...added].join(' ')}\n</system_prompt>`;
      return options.transform ? options.transform(text, callIndex) : text;
    },
  });
}

/**
 * A toy optimizer that plays the reflector, the assigner, the generator and the verifier
 * (recognised by the user message, as a real model would see it). The generator writes a new
 * value of the failed example's category; the verifier accepts everything. The assigner files each failure under
 * `missing_rule_<category>`: it creates the mode, renames it once (to `absent_rule_<category>`,
 * refining its description) on its next failure, and assigns later failures to it, to exercise
 * all three actions.
 */
export function toyOptimizer(
  options: { latencyMs?: number; transform?: (text: string, callIndex: number) => string } = {},
): MockLanguageModel {
  const reflector = toyReflector(options);
  return new MockLanguageModel({
    modelId: 'toy-optimizer',
    responses: async (request, callIndex) => {
      const user = (request.messages[0] as { content: string }).content;
      if (user.startsWith('# Task Signature JSON') && user.includes('# Mutation Seed')) {
        // Generator: a new value of the failed example's category.
        const category = /#### category\n(\w+)/.exec(user)?.[1] ?? 'a';
        const value = 1000 + (user.length % 997);
        const example = { category, value, answer: `${category}:${value}` };
        const text = `<synthetic_example>${JSON.stringify(example)}</synthetic_example>`;
        return options.transform ? options.transform(text, callIndex) : text;
      }
      if (user.startsWith('# Task Signature JSON') && user.includes('# Synthetic Example')) {
        const text =
          '<validity_reason>The answer follows the rule.</validity_reason><validity>true</validity>' +
          '<faithfulness_reason>Same category as the failure.</faithfulness_reason><faithfulness>true</faithfulness>';
        return options.transform ? options.transform(text, callIndex) : text;
      }
      if (!user.startsWith('# Existing Failure Clusters')) {
        return reflector
          .generate({ ...request, metadata: undefined })
          .then((result) => result.text);
      }
      await sleep(hashLatency(request, options.latencyMs ?? 0));
      const catalogue = JSON.parse(
        /# Existing Failure Clusters\n\n([\s\S]*?)\n\n# Failure Observation/.exec(user)?.[1] ??
          '[]',
      ) as { cluster_name: string }[];
      const category = /missing rule-(\w+)/.exec(user)?.[1] ?? 'unknown';
      const existing = catalogue.find((entry) =>
        entry.cluster_name.endsWith(`_rule_${category}`),
      ) as { cluster_name: string; failure_description: string } | undefined;
      let answer: object;
      if (existing === undefined) {
        answer = {
          cluster_name: null,
          new_cluster_name: `missing_rule_${category}`,
          new_failure_description: `The prompt lacks the rule for category ${category}.`,
        };
      } else if (existing.failure_description.includes('lacks')) {
        answer = {
          cluster_name: existing.cluster_name,
          new_cluster_name: `absent_rule_${category}`,
          new_failure_description: `Answers for category ${category} ignore its rule.`,
        };
      } else {
        answer = {
          cluster_name: existing.cluster_name,
          new_cluster_name: null,
          new_failure_description: null,
        };
      }
      const text = `<assignment>${JSON.stringify(answer)}</assignment>`;
      return options.transform ? options.transform(text, callIndex) : text;
    },
  });
}

/** Extracts the proposed prompt of a reflector response, for assertions. */
export function proposedPrompt(text: string): string | undefined {
  const block = extractXmlBlock(text, 'system_prompt');
  return block.ok ? block.content : undefined;
}

function sleep(milliseconds: number): Promise<void> {
  return milliseconds > 0
    ? new Promise((resolve) => setTimeout(resolve, milliseconds))
    : Promise.resolve();
}
