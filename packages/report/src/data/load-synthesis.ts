import type { RunDatabase } from '@forge/store';
import { clipText, parseJson } from './clip-text.js';
import type { RunReportFailureModeWindow, RunReportSynthesisEvent } from './run-report-data.js';
import type { RunReportSynthesisAttempt, RunReportVerdict } from './run-report-details.js';

/** Synthesis events in order, with their accounting per outcome and per failure mode. */
export function loadSynthesisEvents(database: RunDatabase): RunReportSynthesisEvent[] {
  const events = database.prepare('SELECT * FROM synthesis_events ORDER BY event').all() as {
    event: number;
    step: number;
    evaluations_used: number;
    attempts: number;
    admitted: number;
    accounting: string;
  }[];
  return events.map((row) => {
    const accounting = parseJson<{
      outcomes: Record<string, number>;
      modes: { modeName?: string; attempts: number; outcomes: Record<string, number> }[];
    }>(row.accounting, { outcomes: {}, modes: [] });
    return {
      event: row.event,
      step: row.step,
      evaluationsUsed: row.evaluations_used,
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
  const observation = database.prepare(
    `SELECT o.id, o.instance_id, o.score, o.feedback, i.input
     FROM observations o LEFT JOIN instances i ON i.id = o.instance_id WHERE o.id = ?`,
  );
  const rows = database
    .prepare('SELECT event, slot, record FROM synthesis_attempts ORDER BY event, slot')
    .all() as { event: number; slot: number; record: string }[];
  return rows.map((row) => {
    const record = parseJson<StoredAttempt>(row.record, {});
    const source =
      record.sourceObservationId === undefined
        ? undefined
        : (observation.get(record.sourceObservationId) as
            | {
                id: string;
                instance_id: string;
                score: number;
                feedback: string | null;
                input: string | null;
              }
            | undefined);
    return {
      event: row.event,
      slot: row.slot,
      ...(record.modeName === undefined ? {} : { modeName: record.modeName }),
      ...(record.modeDescription === undefined ? {} : { modeDescription: record.modeDescription }),
      intent: record.intent ?? '?',
      outcome: record.outcome ?? '?',
      reason: record.reason ?? '',
      sourceInstanceId: record.sourceInstanceId ?? source?.instance_id ?? '?',
      ...(source === undefined
        ? {}
        : {
            source: {
              id: source.id,
              instanceId: source.instance_id,
              score: source.score,
              ...(source.feedback === null ? {} : { feedback: clipText(source.feedback) }),
              ...(source.input === null ? {} : { input: parseJson(source.input, {}) }),
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
  const epochOf = database.prepare('SELECT epoch FROM synthesis_events WHERE event = ?');
  const windows: { label: string; event: number; epoch: number; open: boolean }[] = events.map(
    (event) => ({
      label: `Before synthesis event ${event.event}`,
      event: event.event,
      epoch: (epochOf.get(event.event) as { epoch: number } | undefined)?.epoch ?? event.event,
      open: false,
    }),
  );
  const lastEpoch = (
    database.prepare('SELECT max(epoch) AS epoch FROM assignments').get() as {
      epoch: number | null;
    }
  ).epoch;
  const closed = new Set(windows.map((window) => window.epoch));
  if (lastEpoch !== null && !closed.has(lastEpoch)) {
    windows.push({
      label:
        events.length === 0 ? 'So far (no synthesis event yet)' : 'Since the last synthesis event',
      event: events.length,
      epoch: lastEpoch,
      open: true,
    });
  }
  const supports = database.prepare(
    "SELECT mode_id, count(*) AS failures FROM assignments WHERE epoch = ? AND action != 'no-op' GROUP BY mode_id ORDER BY min(seq)",
  );
  const latest = database.prepare(
    'SELECT name, description FROM failure_modes WHERE mode_id = ? ORDER BY seq DESC LIMIT 1',
  );
  return windows.map((window) => ({
    label: window.label,
    event: window.event,
    ...(window.open ? { open: true } : {}),
    modes: (supports.all(window.epoch) as { mode_id: string; failures: number }[]).map((row) => {
      const mode = latest.get(row.mode_id) as { name: string; description: string } | undefined;
      return {
        name: mode?.name ?? row.mode_id,
        description: mode?.description ?? '',
        failures: row.failures,
      };
    }),
  }));
}
