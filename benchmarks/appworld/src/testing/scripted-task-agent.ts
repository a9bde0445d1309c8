import type { GenerateRequest, GenerateResult, LanguageModel, Message } from '@forge/provider';
import type { FakeTodoItem } from './fake-apps.js';

/** How the scripted agent behaves. */
export interface ScriptedAgentSettings {
  /** `solve` (default) works the task; `loop` lists the first page forever (for step caps). */
  readonly behaviour?: 'solve' | 'loop';
  /** Called before each answer, with the 0-based step (tests use it to kill a server mid-task). */
  readonly beforeStep?: (step: number) => void | Promise<void>;
}

/** The phrase in a system prompt that makes the scripted agent read every page. */
export const paginationPhrase = 'every page';

const usage = { inputTokens: 40, outputTokens: 20 };

/**
 * A scripted task model for the fake environment (simulated, not a real model). It reads its
 * task from the user message (the instruction forms of the fake tasks and of the scripted
 * generator's tasks) and lists the to-do
 * items with `execute_python`: only the first page, unless its system prompt tells it to read
 * every page (it looks for "every page"). Then it marks the matching items done, or answers
 * their count, and completes the task. Its behaviour comes from the prompt and the tool
 * results only; it never sees a task's tests.
 */
export function createScriptedTaskAgent(settings: ScriptedAgentSettings = {}): LanguageModel {
  return {
    specificationVersion: 'v1',
    provider: 'scripted',
    modelId: 'appworld-agent',
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      const step = request.messages.filter((message) => message.role === 'assistant').length;
      await settings.beforeStep?.(step);
      return answer(request, step, settings.behaviour ?? 'solve');
    },
  };
}

function answer(
  request: GenerateRequest,
  step: number,
  behaviour: 'solve' | 'loop',
): GenerateResult {
  const first = request.messages[0];
  const task = parseTask(first?.role === 'user' ? first.content : '');
  if (task === undefined) return text('I cannot tell what this task asks for.');
  if (behaviour === 'loop') return execute(step, listPage(0));
  const pages = toolResults(request.messages).map(parsePage);
  const readAll = (request.system ?? '').toLowerCase().includes(paginationPhrase);
  const last = pages.at(-1);
  if (pages.length === 0 || (readAll && last !== undefined && last.length > 0)) {
    return execute(step, listPage(pages.length));
  }
  const keyword = task.keyword.toLowerCase();
  const matches = pages.flat().filter((item) => item.title.toLowerCase().includes(keyword));
  const code =
    task.kind === 'mark'
      ? [
          ...matches
            .filter((item) => !item.done)
            .map((item) => `apis.todo.mark_done(item_id=${item.id})`),
          'apis.supervisor.complete_task()',
        ].join('\n')
      : `apis.supervisor.complete_task(answer=${matches.length})`;
  return execute(step, code);
}

function listPage(page: number): string {
  return `print(apis.todo.show_items(page_index=${page}, page_limit=5))`;
}

/** The task of a fake instruction. */
export function parseTask(
  message: string,
): { readonly kind: 'mark' | 'count'; readonly keyword: string } | undefined {
  const mark =
    /Mark every item on my to-do list that mentions "([^"]+)" as done\./.exec(message) ??
    /Tick off every to-do that has "([^"]+)" in its title\./.exec(message);
  if (mark !== null) return { kind: 'mark', keyword: mark[1] as string };
  const count = /How many items on my to-do list mention "([^"]+)"\?/.exec(message);
  if (count !== null) return { kind: 'count', keyword: count[1] as string };
  return undefined;
}

function toolResults(messages: readonly Message[]): string[] {
  return messages.flatMap((message) => (message.role === 'tool' ? [message.content] : []));
}

/** The items of a `show_items` output, or none when it is not one. */
export function parsePage(output: string): FakeTodoItem[] {
  try {
    const value: unknown = JSON.parse(output);
    return Array.isArray(value) ? (value as FakeTodoItem[]) : [];
  } catch {
    return [];
  }
}

function execute(step: number, code: string): GenerateResult {
  return {
    text: '',
    toolCalls: [{ id: `call-${step}`, name: 'execute_python', input: { code } }],
    finishReason: 'tool-calls',
    usage,
  };
}

function text(content: string): GenerateResult {
  return { text: content, toolCalls: [], finishReason: 'stop', usage };
}
