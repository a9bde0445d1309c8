import {
  type RunDatabase,
  readFailureModeSupport,
  readLastAssignmentEpoch,
  readObservationSources,
  readSynthesisAttempts,
  readSynthesisEvents,
} from '@forge/store';
import { clipText, parseJson } from './clip-text.js';
import type { RunReportFailureModeWindow, RunReportSynthesisEvent } from './run-report-data.js';
import type { RunReportSynthesisAttempt, RunReportVerdict } from './run-report-details.js';

/** Synthesis events in order, with their accounting per outcome and per failure mode. */
export function loadSynthesisEvents(database: RunDatabase): RunReportSynthesisEvent[] {
  return readSynthesisEvents(database).map((row) => {
    const accounting = parseJson<{
      outcomes: Record<string, number>;
      modes: { modeName?: string; attempts: number; outcomes: Record<string, number> }[];
    }>(row.accountingJson, { outcomes: {}, modes: [] });
    return {
      event: row.event,
      step: row.step,
      evaluationsUsed: row.evaluationsUsed,
      attempts: row.attempts,
      admitted: row.admitted,
      outcomes: accounting.outcomes,
      modes: accounting.modes.map((mode) => ({
        name: mode.modeName ?? '(random training instances)',
        attempts: mode.attempts,
        admitted: mode.outcomes['admitted'] ?? 0,
      })),
    };
  });
}

interface StoredAttempt {
  modeName?: string;
  modeDescription?: string;
  intent?: string;
  outcome?: string;
  reason?: string;
  sourceObservationId?: string;
  sourceInstanceId?: string;
  instance?: { id: string; input: Record<string, unknown>; gold: Record<string, unknown> };
  verdict?: RunReportVerdict;
  generatorResponseText?: string;
}

/** Every generation attempt, in event and slot order, with the failure it started from. */
export function loadSynthesisAttempts(database: RunDatabase): RunReportSynthesisAttempt[] {
  const attempts = readSynthesisAttempts(database).map((row) => ({
    row,
    record: parseJson<StoredAttempt>(row.recordJson, {}),
  }));
  const sources = readObservationSources(
    database,
    attempts.flatMap(({ record }) =>
      typeof record.sourceObservationId === 'string' ? [record.sourceObservationId] : [],
    ),
  );
  return attempts.map(({ row, record }) => {
    const source =
      record.sourceObservationId === undefined
        ? undefined
        : sources.get(record.sourceObservationId);
    return {
      event: row.event,
      slot: row.slot,
      ...(record.modeName === undefined ? {} : { modeName: record.modeName }),
      ...(record.modeDescription === undefined ? {} : { modeDescription: record.modeDescription }),
      intent: record.intent ?? '?',
      outcome: record.outcome ?? '?',
      reason: record.reason ?? '',
      sourceInstanceId: record.sourceInstanceId ?? source?.instanceId ?? '?',
      ...(source === undefined
        ? {}
        : {
            source: {
              id: source.id,
              instanceId: source.instanceId,
              score: source.score,
              ...(source.feedback === null ? {} : { feedback: clipText(source.feedback) }),
              ...(source.inputJson === null ? {} : { input: parseJson(source.inputJson, {}) }),
            },
          }),
      ...(record.instance === undefined
        ? {}
        : {
            instance: {
              id: record.instance.id,
              input: record.instance.input,
              gold: record.instance.gold,
            },
          }),
      ...(record.verdict === undefined ? {} : { verdict: record.verdict }),
      ...(record.outcome === 'generation-failed' && record.generatorResponseText !== undefined
        ? { generatorText: clipText(record.generatorResponseText, 2000) }
        : {}),
    };
  });
}

/**
 * The failure modes of every synthesis epoch (A.4: every epoch is kept for audit): one window
 * per synthesis event, then the open epoch when it already holds failures.
 */
export function loadFailureModeWindows(
  database: RunDatabase,
  events: readonly RunReportSynthesisEvent[],
): RunReportFailureModeWindow[] {
  const epochs = new Map(readSynthesisEvents(database).map((row) => [row.event, row.epoch]));
  const windows: { label: string; event: number; epoch: number; open: boolean }[] = events.map(
    (event) => ({
      label: `Before synthesis event ${event.event}`,
      event: event.event,
      epoch: epochs.get(event.event) ?? event.event,
      open: false,
    }),
  );
  const lastEpoch = readLastAssignmentEpoch(database);
  const closed = new Set(windows.map((window) => window.epoch));
  if (lastEpoch !== undefined && !closed.has(lastEpoch)) {
    windows.push({
      label:
        events.length === 0 ? 'So far (no synthesis event yet)' : 'Since the last synthesis event',
      event: events.length,
      epoch: lastEpoch,
      open: true,
    });
  }
  return windows.map((window) => ({
    label: window.label,
    event: window.event,
    ...(window.open ? { open: true } : {}),
    modes: readFailureModeSupport(database, window.epoch).map((mode) => ({
      name: mode.name,
      description: mode.description,
      failures: mode.failures,
    })),
  }));
}
