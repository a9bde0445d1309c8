import { type RunDatabase, readRunInvocations, readRunUsage } from '@forge/store';
import type {
  SuiteCellDetails,
  SuiteCellFailureModes,
  SuiteCellFailureModeWindow,
  SuiteCellTestScores,
  SuiteCellWallTime,
} from './suite-cell-details.js';

/** How many of a run's first and last recorded calls bound its wall time. */
const callWindow = 256;

/** Options of `loadSuiteCellDetails`. */
export interface LoadSuiteCellDetailsOptions {
  /**
   * The run's selected candidate (its `result.json`'s `bestCandidate`). When absent or without
   * test rows, the highest candidate with test rows is taken (a run tests its seed and its best).
   */
  readonly bestCandidate?: number;
  /**
   * Also read what the run spent by role (`readRunUsage`, which sums every model call: a scan of
   * the run's calls, so only exports ask for it, not the report redrawn after every cell).
   */
  readonly usage?: boolean;
}

/**
 * Reads what the suite report shows of one cell from its run database, in one read
 * transaction, with plain SQL: wall time, Figure 3(b)/(c)'s failure-mode windows, the best
 * candidate's test score per instance, and on request (through the store's `readRunUsage`) what
 * it spent by role.
 */
export function loadSuiteCellDetails(
  database: RunDatabase,
  options: LoadSuiteCellDetailsOptions = {},
): SuiteCellDetails {
  return database.transaction(() => {
    const wallTime = loadWallTime(database);
    const failureModes = loadFailureModes(database);
    const test = loadTestScores(database, options.bestCandidate);
    return {
      ...(wallTime === undefined ? {} : { wallTime }),
      ...(failureModes === undefined ? {} : { failureModes }),
      ...(test === undefined ? {} : { test }),
      ...(options.usage === true ? { usage: readRunUsage(database) } : {}),
    };
  })();
}

function loadWallTime(database: RunDatabase): SuiteCellWallTime | undefined {
  const created = database.prepare("SELECT value FROM meta WHERE key = 'created_at'").get() as
    | { value: string }
    | undefined;
  const commits = database
    .prepare(
      'SELECT (SELECT created_at FROM commits ORDER BY commit_seq LIMIT 1) AS first, (SELECT created_at FROM commits ORDER BY commit_seq DESC LIMIT 1) AS last',
    )
    .get() as { first: string | null; last: string | null };
  // Calls are recorded as they complete, so the first and last few hundred rows by `seq` hold the
  // earliest start and the latest end; reading only those keeps a run of a million calls (with
  // their prompts and answers) as quick as a small one. ISO 8601 in UTC sorts as text; a call
  // ends `duration_ms` after it started.
  const calls = database
    .prepare(
      `SELECT (SELECT min(started_at) FROM (SELECT started_at FROM model_calls ORDER BY seq LIMIT ${callWindow})) AS first,
              (SELECT max((julianday(started_at) - 2440587.5) * 86400000.0 + duration_ms)
                 FROM (SELECT started_at, duration_ms FROM model_calls ORDER BY seq DESC LIMIT ${callWindow})) AS lastEnd`,
    )
    .get() as { first: string | null; lastEnd: number | null };
  const starts = [created?.value, commits.first, calls.first]
    .map((text) => (typeof text === 'string' ? Date.parse(text) : Number.NaN))
    .filter(Number.isFinite);
  const ends = [
    typeof commits.last === 'string' ? Date.parse(commits.last) : Number.NaN,
    typeof calls.lastEnd === 'number' ? Math.round(calls.lastEnd) : Number.NaN,
  ].filter(Number.isFinite);
  if (starts.length === 0 || ends.length === 0) return undefined;
  const start = Math.min(...starts);
  const end = Math.max(start, ...ends);
  const span = {
    startedAt: new Date(start).toISOString(),
    endedAt: new Date(end).toISOString(),
  };
  const invocations = readRunInvocations(database);
  if (invocations === undefined) return { ...span, milliseconds: end - start };
  // Each invocation ran from its start to its last commit before the next one started (a killed
  // invocation's later, unsaved work is not known); the last one ran to the run's end.
  const lastCommitBefore = database.prepare(
    'SELECT max(created_at) AS last FROM commits WHERE created_at < ?',
  );
  let milliseconds = 0;
  invocations.forEach((invocationStart, index) => {
    const next = invocations[index + 1];
    const from = index === 0 ? Math.min(start, invocationStart) : invocationStart;
    let to = end;
    if (next !== undefined) {
      const row = lastCommitBefore.get(new Date(next).toISOString()) as { last: string | null };
      to = row.last === null ? from : Date.parse(row.last);
    }
    milliseconds += Math.max(0, to - from);
  });
  return { ...span, milliseconds, invocations: invocations.length };
}

function loadFailureModes(database: RunDatabase): SuiteCellFailureModes | undefined {
  const events = database
    .prepare('SELECT event, epoch FROM synthesis_events ORDER BY event')
    .all() as { event: number; epoch: number }[];
  const first = events[0];
  const final = events.at(-1);
  if (first === undefined || final === undefined) return undefined;
  const supports = database.prepare(
    "SELECT mode_id, count(*) AS failures FROM assignments WHERE epoch = ? AND action != 'no-op' AND mode_id IS NOT NULL GROUP BY mode_id ORDER BY min(seq)",
  );
  // A mode's name and description as the window left them (a later rename in it included).
  const latest = database.prepare(
    'SELECT name, description FROM failure_modes WHERE mode_id = ? AND epoch = ? ORDER BY seq DESC LIMIT 1',
  );
  const windowOf = (event: { event: number; epoch: number }): SuiteCellFailureModeWindow => ({
    event: event.event,
    modes: (supports.all(event.epoch) as { mode_id: string; failures: number }[]).map((row) => {
      const mode = latest.get(row.mode_id, event.epoch) as
        | { name: string; description: string }
        | undefined;
      return {
        name: mode?.name ?? row.mode_id,
        description: mode?.description ?? '',
        failures: row.failures,
      };
    }),
  });
  return { events: events.length, first: windowOf(first), final: windowOf(final) };
}

function loadTestScores(
  database: RunDatabase,
  bestCandidate: number | undefined,
): SuiteCellTestScores | undefined {
  const tested = (
    database.prepare('SELECT DISTINCT candidate FROM test_scores ORDER BY candidate').all() as {
      candidate: number;
    }[]
  ).map((row) => row.candidate);
  const candidate =
    bestCandidate !== undefined && tested.includes(bestCandidate) ? bestCandidate : tested.at(-1);
  if (candidate === undefined) return undefined;
  const rows = database
    .prepare(
      'SELECT instance_id AS id, avg(score) AS score, count(*) AS repeats FROM test_scores WHERE candidate = ? GROUP BY instance_id ORDER BY instance_id',
    )
    .all(candidate) as { id: string; score: number; repeats: number }[];
  return {
    candidate,
    repeats: Math.max(1, ...rows.map((row) => row.repeats)),
    // Own properties whatever the ids are (an id may be `__proto__`).
    scores: Object.fromEntries(rows.map((row) => [row.id, row.score])),
  };
}
