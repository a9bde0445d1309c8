import type { GenerateRequest, GenerateResult, LanguageModel, Message } from '@forge/provider';
import { appworldSeedPrompt } from '../program/appworld-prompts.js';
import { fakeTodoTask } from './fake-tasks.js';
import { paginationPhrase, parsePage } from './scripted-task-agent.js';

/** The failure mode the scripted assigner files every failure under. */
export const scriptedModeName = 'incomplete_pagination';

/** The keyword the scripted generator builds its new task around, per mutation intent. */
export const scriptedKeywords: Readonly<Record<string, string>> = {
  positive: 'market',
  negative: 'dentist',
  boundary: 'online',
  stress: 'service',
};

const usage = { inputTokens: 120, outputTokens: 60 };

/**
 * A scripted optimizer for the fake environment (simulated, not a real model), answering by
 * `metadata.role`: the reflector adds a read-every-page rule to the seed prompt; the assigner
 * files every failure under one mode; the generator explores the failed task's world in the
 * sandbox, drafts a "mark done" task around a keyword chosen by the mutation intent, publishes
 * it and returns it; the verifier looks the task up and accepts it.
 */
export function createScriptedOptimizer(): LanguageModel {
  return {
    specificationVersion: 'v1',
    provider: 'scripted',
    modelId: 'appworld-optimizer',
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      const user = request.messages[0]?.role === 'user' ? request.messages[0].content : '';
      switch (request.metadata?.role) {
        case 'reflect':
          return text(
            `<system_prompt>${appworldSeedPrompt}\n\nMany APIs return results in pages. Read ${paginationPhrase}: raise page_index until a page comes back empty before you act or answer.</system_prompt>`,
          );
        case 'assign':
          return text(
            `<assignment>${JSON.stringify(
              user.includes(`"${scriptedModeName}"`)
                ? {
                    cluster_name: scriptedModeName,
                    new_cluster_name: null,
                    new_failure_description: null,
                  }
                : {
                    cluster_name: null,
                    new_cluster_name: scriptedModeName,
                    new_failure_description:
                      'The agent treats the first page of a paginated listing as the whole set, so items on later pages are missed.',
                  },
            )}</assignment>`,
          );
        case 'generate':
          return generate(user, request.messages);
        case 'verify':
          return verify(user, request.messages);
        default:
          return text('The scripted optimizer has no answer for this role.');
      }
    },
  };
}

function generate(user: string, messages: readonly Message[]): GenerateResult {
  const results = messages.flatMap((message) => (message.role === 'tool' ? [message.content] : []));
  const source = /#### task_id\n\n?(\S+)/.exec(user)?.[1] ?? '';
  const intent = /## Mutation Kind\n\n(\w+)/.exec(user)?.[1] ?? 'positive';
  if (results.length === 0) {
    return call(0, 'run_in_sandbox', {
      task_id: source,
      code: 'print(apis.todo.show_items(page_index=0, page_limit=20))',
    });
  }
  if (results.length === 1) {
    const items = parsePage(results[0] as string);
    const keyword = scriptedKeywords[intent] ?? 'market';
    const task = fakeTodoTask({ id: 'draft', kind: 'mark', keyword, items });
    const open = items.filter(
      (item) => !item.done && item.title.toLowerCase().includes(keyword.toLowerCase()),
    );
    return call(1, 'draft_task', {
      base_task_id: source,
      // Worded unlike the fake tasks, so the leakage guard does not take it for a copy of one.
      instruction: `Tick off every to-do that has "${keyword}" in its title.`,
      solution_code: [
        ...open.map((item) => `apis.todo.mark_done(item_id=${item.id})`),
        'apis.supervisor.complete_task()',
      ].join('\n'),
      tests: task.tests.map((test) => ({ requirement: test.requirement, code: test.code })),
    });
  }
  if (results.length === 2) {
    const draft = parse(results[1] as string) as { draft_id?: string } | undefined;
    return call(2, 'finalize_task', { draft_id: draft?.draft_id ?? '' });
  }
  const published = parse(results[2] as string) as
    | { task_id: string; instruction: string; requirements: string[] }
    | undefined;
  if (published === undefined) return text('Publishing failed.');
  return text(`<synthetic_example>${JSON.stringify(published)}</synthetic_example>`);
}

function verify(user: string, messages: readonly Message[]): GenerateResult {
  const looked = messages.some((message) => message.role === 'tool');
  const taskId = /# Synthetic Example\n\n\{[\s\S]*?"task_id": "([^"]+)"/.exec(user)?.[1] ?? '';
  if (!looked) return call(0, 'show_task', { task_id: taskId });
  const found = messages.some(
    (message) => message.role === 'tool' && !message.isError && message.content.includes(taskId),
  );
  return text(
    `<validity_reason>${found ? 'The environment loads the task and its tests were validated.' : 'The environment does not know the task.'}</validity_reason>\n<validity>${found}</validity>\n<faithfulness_reason>The task again needs items beyond the first page.</faithfulness_reason>\n<faithfulness>true</faithfulness>`,
  );
}

function parse(output: string): unknown {
  try {
    return JSON.parse(output);
  } catch {
    return undefined;
  }
}

function call(step: number, name: string, input: unknown): GenerateResult {
  return {
    text: '',
    toolCalls: [{ id: `synth-${step}`, name, input }],
    finishReason: 'tool-calls',
    usage,
  };
}

function text(content: string): GenerateResult {
  return { text: content, toolCalls: [], finishReason: 'stop', usage };
}
