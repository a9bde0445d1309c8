import {
  type RunDatabase,
  readCheckpointRecords,
  readRunInstances,
  readValidationEvaluations,
  readValidationScores,
} from '@forge/store';
import { clipText, parseJson } from './clip-text.js';
import type {
  RunReportEvaluation,
  RunReportMessage,
  RunReportTraceEntry,
  RunReportValidationInstance,
} from './run-report-details.js';

interface StoredMessage {
  role?: string;
  content?: string;
  toolCalls?: { name?: string; input?: unknown }[];
  toolName?: string;
  isError?: boolean;
}

interface StoredTraceEntry {
  module?: string;
  messages?: StoredMessage[];
  output?: Record<string, unknown>;
  notes?: string[];
}

/** A stored message as role and text: tool calls become `→ name(arguments)` lines. */
export function flattenMessage(message: StoredMessage): RunReportMessage {
  const lines = [message.content ?? ''];
  for (const call of message.toolCalls ?? []) {
    lines.push(`→ ${call.name ?? '?'}(${JSON.stringify(call.input ?? null)})`);
  }
  const role =
    message.role === 'tool'
      ? `tool ${message.toolName ?? ''}${message.isError ? ' (error)' : ''}`.trim()
      : (message.role ?? '?');
  return { role, text: clipText(lines.filter((line) => line !== '').join('\n')) };
}

/** A stored trace as the report shows it. */
export function flattenTrace(trace: readonly StoredTraceEntry[]): RunReportTraceEntry[] {
  return trace.map((entry) => ({
    module: entry.module ?? '?',
    messages: (entry.messages ?? []).map(flattenMessage),
    ...(entry.output === undefined ? {} : { output: entry.output }),
    ...(entry.notes === undefined ? {} : { notes: entry.notes.map((note) => clipText(note)) }),
  }));
}

/** The validation instances in validation order, each with every candidate's score. */
export function loadValidationInstances(
  database: RunDatabase,
  validationIds: readonly string[],
  candidates: number,
): RunReportValidationInstance[] {
  const rows = readRunInstances(database, { split: 'validation' });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ids = validationIds.length > 0 ? validationIds : rows.map((row) => row.id);
  const scores = new Map<string, (number | null)[]>();
  for (const id of ids) scores.set(id, new Array<number | null>(candidates).fill(null));
  for (const row of readValidationScores(database)) {
    const line = scores.get(row.instanceId);
    if (line !== undefined && row.candidate < candidates) line[row.candidate] = row.score;
  }
  return ids.map((id) => ({
    id,
    input: parseJson(byId.get(id)?.inputJson, {}),
    gold: parseJson(byId.get(id)?.goldJson, {}),
    scores: scores.get(id) ?? [],
  }));
}

/**
 * Every validation evaluation in full: Forge's from `validation_evaluations` (none for runs
 * recorded before schema 2), other methods' from their `validation-pass` records.
 */
export function loadEvaluations(database: RunDatabase): RunReportEvaluation[] {
  return [
    ...readValidationEvaluations(database).map((row) => ({
      candidate: row.candidate,
      instanceId: row.instanceId,
      output: parseJson(row.outputJson, {}),
      ...(row.feedback === null ? {} : { feedback: clipText(row.feedback) }),
      ...(row.moduleFeedbackJson === null
        ? {}
        : { moduleFeedback: parseJson<Record<string, string>>(row.moduleFeedbackJson, {}) }),
      trace: flattenTrace(parseJson<StoredTraceEntry[]>(row.traceJson, [])),
    })),
    ...loadValidationPasses(database),
  ];
}

interface StoredExecution {
  instanceId?: unknown;
  output?: unknown;
  feedback?: unknown;
  moduleFeedback?: unknown;
  trace?: unknown;
}

/**
 * The validation passes a method other than Forge's variants saved as `validation-pass`
 * checkpoint records (`@forge/method`'s `validationPassRecord`); a candidate validated twice
 * keeps its first pass.
 */
function loadValidationPasses(database: RunDatabase): RunReportEvaluation[] {
  const rows = readCheckpointRecords(database, ['validation-pass']);
  const seen = new Set<number>();
  const evaluations: RunReportEvaluation[] = [];
  for (const row of rows) {
    const pass = parseJson<{ candidate?: unknown; evaluations?: unknown }>(row.dataJson, {});
    if (typeof pass.candidate !== 'number' || seen.has(pass.candidate)) continue;
    seen.add(pass.candidate);
    if (!Array.isArray(pass.evaluations)) continue;
    for (const stored of pass.evaluations as StoredExecution[]) {
      const execution = readStoredExecution(stored);
      if (execution !== undefined) evaluations.push({ candidate: pass.candidate, ...execution });
    }
  }
  return evaluations;
}

/**
 * One saved `MethodExecutionRecord` (a validation pass's or a minibatch's) as the report shows
 * it, long text clipped; undefined when it names no instance. Hostile data reads as empty fields.
 */
export function readStoredExecution(
  value: unknown,
): Omit<RunReportEvaluation, 'candidate'> | undefined {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as StoredExecution;
  if (typeof stored.instanceId !== 'string') return undefined;
  return {
    instanceId: stored.instanceId,
    output:
      typeof stored.output === 'object' && stored.output !== null
        ? (stored.output as Record<string, unknown>)
        : {},
    ...(typeof stored.feedback === 'string' ? { feedback: clipText(stored.feedback) } : {}),
    ...(typeof stored.moduleFeedback === 'object' && stored.moduleFeedback !== null
      ? { moduleFeedback: stored.moduleFeedback as Record<string, string> }
      : {}),
    trace: flattenTrace(Array.isArray(stored.trace) ? (stored.trace as StoredTraceEntry[]) : []),
  };
}
