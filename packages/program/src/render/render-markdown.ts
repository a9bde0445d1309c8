import type { Message } from '@forge/provider';
import { type EvaluatedExecution, feedbackForModule } from '../program/evaluation.js';
import type { TraceEntry } from '../program/execution.js';
import type { Instance } from '../signature/instance.js';

// These renderings are what every optimizer-side model reads (assigner, reflector, generator,
// verifier), so they are stable: a change here changes every prompt and every cache key.

/** Renders a field value: strings as they are, everything else as indented JSON. */
export function renderValue(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2) ?? 'null';
}

/** Renders a record of fields, one sub-heading per field. */
export function renderFields(fields: Readonly<Record<string, unknown>>, level: number): string {
  const heading = '#'.repeat(level);
  return Object.entries(fields)
    .map(([name, value]) => `${heading} ${name}\n${renderValue(value)}`)
    .join('\n\n');
}

/** Renders an instance's inputs (and, when asked, its gold fields). */
export function renderInstance(
  instance: Instance,
  options: { level?: number; includeGold?: boolean } = {},
): string {
  const level = options.level ?? 3;
  const heading = '#'.repeat(level);
  const parts = [`${heading} Input\n\n${renderFields(instance.input, level + 1)}`];
  if (options.includeGold ?? true) {
    parts.push(`${heading} Gold\n\n${renderFields(instance.gold, level + 1)}`);
  }
  return parts.join('\n\n');
}

/** Renders one message of a trace. */
export function renderMessage(message: Message): string {
  switch (message.role) {
    case 'user':
      return `**user**\n\n${message.content}`;
    case 'assistant': {
      const parts: string[] = [];
      if (message.content !== '') parts.push(`**assistant**\n\n${message.content}`);
      for (const call of message.toolCalls ?? []) {
        parts.push(`**tool call** \`${call.name}\` (id ${call.id})\n\n${renderValue(call.input)}`);
      }
      return parts.join('\n\n') || '**assistant**\n\n(empty)';
    }
    case 'tool':
      return `**tool result** \`${message.toolName}\` (id ${message.toolCallId})${message.isError ? ' — error' : ''}\n\n${message.content}`;
  }
}

/** Renders a trace, one section per module invocation in execution order. */
export function renderTrace(
  trace: readonly TraceEntry[],
  options: { level?: number } = {},
): string {
  const heading = '#'.repeat(options.level ?? 3);
  if (trace.length === 0) return '(no module was invoked)';
  return trace
    .map((entry, index) => {
      const parts = [`${heading} Invocation ${index + 1}: module \`${entry.module}\``];
      for (const note of entry.notes ?? []) parts.push(`_note:_ ${note}`);
      for (const message of entry.messages) parts.push(renderMessage(message));
      return parts.join('\n\n');
    })
    .join('\n\n');
}

/**
 * Renders one imperfect evaluation as the assigner sees it (Figure 5's `failure_markdown`):
 * instance, score, ordered trace, and feedback if any.
 */
export function renderObservation(evaluated: EvaluatedExecution): string {
  const parts = [
    `## Instance\n\n${renderInstance(evaluated.instance, { level: 3 })}`,
    `## Score\n\n${evaluated.evaluation.score}`,
    `## Trace\n\n${renderTrace(evaluated.execution.trace, { level: 3 })}`,
  ];
  const feedback = observationFeedback(evaluated);
  if (feedback !== undefined) parts.push(`## Feedback\n\n${feedback}`);
  return parts.join('\n\n');
}

/**
 * The feedback an observation shows: the metric's feedback on the whole program, or, when it gave
 * none, its feedback to each module (one `` - `module`: feedback `` line each, in the trace's
 * module order, then any other module named) — a metric that only speaks to modules still tells
 * the assigner what went wrong. Undefined when there is none at all.
 */
function observationFeedback(evaluated: EvaluatedExecution): string | undefined {
  const { feedback, moduleFeedback } = evaluated.evaluation;
  if (feedback !== undefined && feedback !== '') return feedback;
  if (moduleFeedback === undefined) return undefined;
  const traced = evaluated.execution.trace.map((entry) => entry.module);
  const modules = [...new Set([...traced, ...Object.keys(moduleFeedback)])].filter(
    (module) => Object.hasOwn(moduleFeedback, module) && moduleFeedback[module] !== '',
  );
  if (modules.length === 0) return undefined;
  return modules.map((module) => `- \`${module}\`: ${moduleFeedback[module]}`).join('\n');
}

/**
 * Renders the reflector's bundle for one module (Figure 6's `evaluation_markdown`): per
 * imperfect evaluation, the task input, this module's trace entries and this module's feedback.
 */
export function renderReflectionBatch(
  evaluations: readonly EvaluatedExecution[],
  module: string,
): string {
  return evaluations
    .map((evaluated, index) => {
      const moduleTrace = evaluated.execution.trace.filter((entry) => entry.module === module);
      const parts = [
        `## Evaluation ${index + 1}`,
        `### Task input\n\n${renderFields(evaluated.instance.input, 4)}`,
        `### Score\n\n${evaluated.evaluation.score}`,
        `### Module trace\n\n${moduleTrace.length > 0 ? renderTrace(moduleTrace, { level: 4 }) : '(this module was not invoked)'}`,
      ];
      const feedback = feedbackForModule(evaluated.evaluation, module);
      if (feedback !== undefined && feedback !== '') parts.push(`### Feedback\n\n${feedback}`);
      return parts.join('\n\n');
    })
    .join('\n\n');
}
