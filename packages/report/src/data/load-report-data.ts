import type { RunHeader } from '@forge/core';
import type { RunDatabase } from '@forge/store';
import type {
  RunReportCandidate,
  RunReportCurvePoint,
  RunReportData,
  RunReportFailureModeWindow,
  RunReportStatus,
  RunReportSynthesisEvent,
  RunReportUsage,
} from './run-report-data.js';
import { runStatus } from './run-status.js';

interface CandidateRow {
  candidate: number;
  parent: number | null;
  module: string | null;
  step: number | null;
  validation_score: number;
  evaluations_at_discovery: number;
  prompts: string;
}

/**
 * Reads everything the HTML report shows from a run's database, with plain SQL, so a report can
 * be drawn for any run: finished, stopped, failed or still running.
 */
export function loadReportData(
  database: RunDatabase,
  runDir: string,
  now: Date = new Date(),
): RunReportData {
  const meta = new Map(
    (database.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map(
      (row) => [row.key, row.value],
    ),
  );
  const header = JSON.parse(meta.get('header') ?? '{}') as Partial<RunHeader>;
  const models = JSON.parse(meta.get('models') ?? '{}') as Record<string, string>;
  const candidates = database
    .prepare('SELECT * FROM candidates ORDER BY candidate')
    .all() as CandidateRow[];
  const best = candidates.reduce<CandidateRow | undefined>(
    (current, row) =>
      current === undefined || row.validation_score > current.validation_score ? row : current,
    undefined,
  );
  const steps = database
    .prepare('SELECT step, candidate, evaluations_used FROM steps ORDER BY step')
    .all() as {
    step: number;
    candidate: number | null;
    evaluations_used: number;
  }[];
  const evaluationsUsed =
    steps.at(-1)?.evaluations_used ?? candidates[0]?.evaluations_at_discovery ?? 0;
  const synthesisEvents = loadSynthesisEvents(database);
  const originalTraining = count(
    database,
    "SELECT count(*) AS n FROM instances WHERE split = 'train' AND origin = 'original'",
  );
  const syntheticTraining = count(
    database,
    "SELECT count(*) AS n FROM instances WHERE origin = 'synthetic'",
  );
  const testScore = best === undefined ? undefined : meanTestScore(database, best.candidate);
  const status: RunReportStatus = runStatus(meta);
  const simulated = meta.get('simulated') === 'true';
  return {
    title: `${meta.get('title') ?? meta.get('benchmark') ?? 'Forge run'}${simulated ? ' — simulated run' : ''}`,
    simulated,
    generatedAt: now.toISOString(),
    run: {
      runDir,
      benchmark: meta.get('benchmark') ?? 'unknown',
      taskModel: models['task'] ?? 'unknown',
      optimizerModel: models['reflect'] ?? 'unknown',
      seed: typeof header.seed === 'number' ? header.seed : Number(header.seed ?? 0),
      status,
      ...(meta.get('stop_reason') === undefined
        ? {}
        : { stopReason: meta.get('stop_reason') as string }),
      ...(meta.get('created_at') === undefined
        ? {}
        : { startedAt: meta.get('created_at') as string }),
      ...(meta.get('variant') === undefined ? {} : { variant: meta.get('variant') as string }),
    },
    summary: {
      seedScore: candidates[0]?.validation_score ?? 0,
      bestScore: best?.validation_score ?? 0,
      bestCandidate: best?.candidate ?? 0,
      evaluationsUsed,
      maxEvaluations: Number(meta.get('max_evaluations') ?? evaluationsUsed),
      steps: steps.length,
      candidates: candidates.length,
      ...(testScore === undefined ? {} : { testScore }),
      synthesisEvents: synthesisEvents.length,
      admitted: syntheticTraining,
      trainingSize: { original: originalTraining, synthetic: syntheticTraining },
    },
    candidates: candidates.map(
      (row): RunReportCandidate => ({
        index: row.candidate,
        parent: row.parent,
        module: row.module,
        step: row.step,
        validationScore: row.validation_score,
        evaluationsAtDiscovery: row.evaluations_at_discovery,
        ...(row.module === null
          ? {}
          : { promptPreview: preview(JSON.parse(row.prompts)[row.module]) }),
      }),
    ),
    curve: bestScoreCurve(candidates, steps),
    synthesisEvents,
    failureModeWindows: failureModeWindows(database, synthesisEvents),
    usage: usageByRole(database),
    bestPrompts: best === undefined ? {} : (JSON.parse(best.prompts) as Record<string, string>),
    seedPrompts: header.seedPrompts ?? {},
  };
}

function bestScoreCurve(
  candidates: readonly CandidateRow[],
  steps: readonly { candidate: number | null; evaluations_used: number }[],
): RunReportCurvePoint[] {
  const seed = candidates[0];
  if (seed === undefined) return [];
  const byIndex = new Map(candidates.map((row) => [row.candidate, row]));
  let bestScore = seed.validation_score;
  // The curve starts at 0 evaluations with the seed's score (its validation pass comes first).
  const points: RunReportCurvePoint[] = [{ evaluations: 0, bestScore }];
  for (const step of steps) {
    const accepted = step.candidate === null ? undefined : byIndex.get(step.candidate);
    if (accepted !== undefined && accepted.validation_score > bestScore)
      bestScore = accepted.validation_score;
    points.push({ evaluations: step.evaluations_used, bestScore });
  }
  return points;
}

function loadSynthesisEvents(database: RunDatabase): RunReportSynthesisEvent[] {
  const events = database.prepare('SELECT * FROM synthesis_events ORDER BY event').all() as {
    event: number;
    step: number;
    evaluations_used: number;
    attempts: number;
    admitted: number;
    accounting: string;
  }[];
  return events.map((row) => {
    const accounting = JSON.parse(row.accounting) as {
      outcomes: Record<string, number>;
      modes: { modeName?: string; attempts: number; outcomes: Record<string, number> }[];
    };
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

/** Failure-mode shares in the windows that fed the first and the last synthesis event. */
function failureModeWindows(
  database: RunDatabase,
  events: readonly RunReportSynthesisEvent[],
): RunReportFailureModeWindow[] {
  const windows: { label: string; event: number; epoch: number }[] = [];
  const epochOf = (event: number) =>
    (
      database.prepare('SELECT epoch FROM synthesis_events WHERE event = ?').get(event) as
        | { epoch: number }
        | undefined
    )?.epoch ?? event;
  const first = events[0];
  const last = events.at(-1);
  if (first !== undefined)
    windows.push({
      label: 'Before the first synthesis event',
      event: first.event,
      epoch: epochOf(first.event),
    });
  if (last !== undefined && last.event !== first?.event) {
    windows.push({
      label: 'Before the last synthesis event',
      event: last.event,
      epoch: epochOf(last.event),
    });
  }
  const supports = database.prepare(
    "SELECT mode_id, count(*) AS failures FROM assignments WHERE epoch = ? AND action != 'no-op' GROUP BY mode_id",
  );
  const latest = database.prepare(
    'SELECT name, description FROM failure_modes WHERE mode_id = ? ORDER BY seq DESC LIMIT 1',
  );
  return windows.map((window) => ({
    label: window.label,
    event: window.event,
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

function usageByRole(database: RunDatabase): RunReportUsage[] {
  const rows = database
    .prepare(
      `SELECT coalesce(role, 'unassigned') AS role, count(*) AS calls, coalesce(sum(input_tokens), 0) AS inputTokens,
        coalesce(sum(output_tokens), 0) AS outputTokens, coalesce(sum(cost_usd), 0) AS costUsd
       FROM model_calls GROUP BY coalesce(role, 'unassigned')`,
    )
    .all() as RunReportUsage[];
  return rows;
}

function meanTestScore(database: RunDatabase, candidate: number): number | undefined {
  const row = database
    .prepare(
      'SELECT avg(score) AS score FROM (SELECT avg(score) AS score FROM test_scores WHERE candidate = ? GROUP BY instance_id)',
    )
    .get(candidate) as { score: number | null };
  return row.score ?? undefined;
}

function count(database: RunDatabase, sql: string): number {
  return (database.prepare(sql).get() as { n: number }).n;
}

function preview(prompt: unknown): string | undefined {
  if (typeof prompt !== 'string') return undefined;
  return prompt.length > 160 ? `${prompt.slice(0, 157)}…` : prompt;
}
