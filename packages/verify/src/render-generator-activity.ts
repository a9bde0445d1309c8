import { renderValue } from '@forge/program';
import type { TranscriptEntry } from '@forge/provider';

/**
 * Renders the generator's visible activity for the verifier: assistant text, tool calls and tool
 * results, in the order they happened, in the same style as program traces. A transcript holds
 * no hidden reasoning (runAgent keeps it apart), so none can leak through here.
 */
export function renderGeneratorActivity(transcript: readonly TranscriptEntry[]): string {
  if (transcript.length === 0) return '(no visible activity)';
  return transcript.map(renderEntry).join('\n\n');
}

function renderEntry(entry: TranscriptEntry): string {
  switch (entry.type) {
    case 'assistant-text':
      return `**assistant**\n\n${entry.text}`;
    case 'tool-call':
      return `**tool call** \`${entry.toolName}\` (id ${entry.toolCallId})\n\n${renderValue(entry.input)}`;
    case 'tool-result':
      return `**tool result** \`${entry.toolName}\` (id ${entry.toolCallId})${entry.isError ? ' — error' : ''}\n\n${entry.output}`;
  }
}
