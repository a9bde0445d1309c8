import type { Demonstration } from '@forge/program';
import type { Message } from '@forge/provider';

/** One action of a demonstrated episode: a tool call. */
export interface AppWorldAction {
  /** The tool called (`execute_python`, `show_api_doc`, …). */
  readonly tool: string;
  /** Its input as the agent gave it. */
  readonly input: Readonly<Record<string, unknown>>;
}

/**
 * An episode as a demonstration of the agent: the task's instruction in, the actions it took out
 * (its tool calls, in order). The environment's outputs are left out: a demonstration shows what
 * to do, and the next task's world answers differently anyway.
 */
export function appworldDemonstration(
  instruction: string,
  messages: readonly Message[],
  instanceId?: string,
): Demonstration {
  const actions: AppWorldAction[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const call of message.toolCalls ?? []) {
      actions.push({ tool: call.name, input: call.input as Record<string, unknown> });
    }
  }
  return {
    input: { instruction },
    output: { actions },
    ...(instanceId === undefined ? {} : { instanceId }),
  };
}

/**
 * The worked examples that open the agent's first user message when a candidate has
 * demonstrations (docs/prompt-contracts.md): a tool-loop agent has one opening message, so its
 * demonstrations are written into it, before the task, rather than as earlier turns.
 */
export function renderAppWorldDemonstrations(demonstrations: readonly Demonstration[]): string {
  const examples = demonstrations.map((demonstration, index) => {
    const actions = Array.isArray(demonstration.output['actions'])
      ? (demonstration.output['actions'] as AppWorldAction[])
      : [];
    const steps = actions.map((action, step) => {
      const code = action.input['code'];
      return action.tool === 'execute_python' && typeof code === 'string'
        ? `${step + 1}. execute_python\n\n\`\`\`python\n${code}\n\`\`\``
        : `${step + 1}. ${action.tool} ${JSON.stringify(action.input)}`;
    });
    return [
      `## Example ${index + 1}`,
      `Task: ${String(demonstration.input['instruction'] ?? '')}`,
      `### Actions that completed it\n\n${steps.join('\n\n') || '(none)'}`,
    ].join('\n\n');
  });
  return `# Worked examples\n\nTasks completed before, with the actions that completed them.\n\n${examples.join('\n\n')}\n\n# Your task`;
}
