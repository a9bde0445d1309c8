import { hashLatency } from '@forge/method/testing';
import { extractXmlBlock } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';

// The optimizer side of the toy task (`@forge/method/testing`) for the tests of packages that
// drive the core (the store, the report, the sdk): scripted models that speak Forge's four
// contracts (docs/prompt-contracts.md) for the toy task's rules.

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
