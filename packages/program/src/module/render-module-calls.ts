import { type Message, terminalSafe } from '@forge/provider';
import type { ModuleCallRecord } from './module-call-history.js';

/**
 * Module calls as plain text for a terminal, oldest first: for each call its module (and re-ask),
 * instance, model and tokens, then the system prompt, every message sent, the input fields, the
 * model's answer and what parsing made of it (the reasoning, then the output fields). Every text
 * that came from a model, a prompt or the data is stripped of terminal control sequences
 * (`terminalSafe`), so printing it cannot rewrite the screen.
 */
export function renderModuleCalls(calls: readonly ModuleCallRecord[]): string {
  if (calls.length === 0) return 'No module calls recorded yet.\n';
  return calls
    .map((call, index) => {
      const reask = call.attempt > 0 ? ` (re-ask ${call.attempt})` : '';
      const header = terminalSafe(
        `── call ${index + 1} of ${calls.length}: module ${call.module}${reask}, instance ${call.instanceId}, ` +
          `${call.model}, ${call.usage.inputTokens} → ${call.usage.outputTokens} tokens`,
      ).replaceAll('\n', ' ');
      const parsed = call.parsed.ok
        ? [
            ...(call.parsed.reasoning === undefined
              ? []
              : [section('Reasoning', call.parsed.reasoning)]),
            section('Parsed output', JSON.stringify(call.parsed.output, null, 2)),
          ]
        : [section('Not parsed', call.parsed.reason)];
      return [
        header,
        section('System', call.system),
        ...call.messages.map((message) => section(roleTitle(message), message.content)),
        section('Input fields', JSON.stringify(call.input, null, 2)),
        section('Answer', call.answer),
        ...parsed,
      ].join('\n');
    })
    .join('\n\n')
    .concat('\n');
}

function section(title: string, text: string): string {
  const body = terminalSafe(text)
    .split('\n')
    .map((line) => (line === '' ? '' : `    ${line}`))
    .join('\n');
  return `  ${title}:\n${body}`;
}

function roleTitle(message: Message): string {
  return message.role === 'user' ? 'User' : message.role === 'assistant' ? 'Assistant' : 'Tool';
}
