import type { RunDatabase } from './open-run-database.js';
import type { SqliteRunStore } from './sqlite-run-store.js';

/** The meta key holding the start time of every invocation of a run. */
const invocationsKey = 'invocations';

/** The most starts a run is believed to have; more is a hand-edited or hostile value. */
const maxInvocations = 100_000;

/**
 * Records that the run starts (again) now: meta `invocations` is a JSON array of ISO 8601 start
 * times, one per invocation, so a report can time a run without the pauses between its starts.
 * An unreadable earlier value is replaced by this start alone.
 */
export function recordRunInvocation(store: SqliteRunStore, startedAt: Date = new Date()): void {
  const earlier = parseInvocations(store.getMeta(invocationsKey)) ?? [];
  store.setMeta(
    invocationsKey,
    JSON.stringify([
      ...earlier.map((time) => new Date(time).toISOString()),
      startedAt.toISOString(),
    ]),
  );
}

/**
 * The start times (milliseconds since the epoch, in order) `recordRunInvocation` kept; undefined
 * when the run recorded none (one written before starts were recorded) or the value is not such
 * an array (hand-edited or hostile: never trusted).
 */
export function readRunInvocations(database: RunDatabase): number[] | undefined {
  const row = database.prepare('SELECT value FROM meta WHERE key = ?').get(invocationsKey) as
    | { value: string }
    | undefined;
  return parseInvocations(row?.value);
}

function parseInvocations(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > maxInvocations) {
    return undefined;
  }
  const times = parsed.map((value) => (typeof value === 'string' ? Date.parse(value) : Number.NaN));
  if (!times.every(Number.isFinite)) return undefined;
  return times.sort((a, b) => a - b);
}
