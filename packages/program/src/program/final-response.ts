import type { Execution } from './execution.js';

/**
 * The text of the last assistant turn of an execution: what the metric reads, since the
 * reference extracts its answer from the raw response rather than from parsed fields.
 */
export function finalResponse(execution: Execution): string {
  for (const entry of [...execution.trace].reverse()) {
    for (const message of [...entry.messages].reverse()) {
      if (message.role === 'assistant') return message.content;
    }
  }
  return '';
}
