import { flushDeferredWrites } from '../deferred-writes.js';
import type { RunDatabase } from '../open-run-database.js';
import { readRunInvocations } from '../run-invocations.js';

/** How long a run ran, and its first and last recorded activity. */
export interface RunWallTime {
  /** The earliest timestamp the run recorded (ISO 8601): database creation, first commit or first model call. */
  readonly startedAt: string;
  /** The latest: its last commit or the end of its last model call (test evaluation included). */
  readonly endedAt: string;
  /**
   * How long the run ran, in milliseconds: `endedAt − startedAt` for a run started once; for a
   * run stopped and resumed, each invocation from its start to its last commit (the last one to
   * `endedAt`), summed, so the pauses between them are left out.
   */
  readonly milliseconds: number;
  /** How many times the run was started (1 for a run never resumed); absent for runs that did not record it. */
  readonly invocations?: number;
}

/** How many of a run's first and last recorded calls bound its wall time. */
const callWindow = 256;

/**
 * Reads a run's wall time from its timestamps: the database's creation, its commits, its model
 * calls (those still queued for writing are written first) and its invocations
 * (`readRunInvocations`). Undefined when the run recorded no start or no end.
 */
export function readRunWallTime(database: RunDatabase): RunWallTime | undefined {
  if (!database.readonly) flushDeferredWrites(database);
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
