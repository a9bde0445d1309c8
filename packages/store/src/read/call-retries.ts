import type { RunDatabase } from '../open-run-database.js';
import type { RecordedRetry } from '../sqlite-retry-recorder.js';

interface RetryRow {
  at: string;
  role: string | null;
  provider: string;
  model: string;
  attempt: number;
  delayMs: number;
  fromRetryAfter: number;
  errorKind: string | null;
  statusCode: number | null;
  error: string;
}

/** Every retried attempt of the run's model calls, in the order they failed. */
export function readCallRetries(database: RunDatabase): RecordedRetry[] {
  const rows = database
    .prepare(
      `SELECT at, role, provider, model, attempt, delay_ms AS delayMs,
        from_retry_after AS fromRetryAfter, error_kind AS errorKind, status_code AS statusCode, error
       FROM call_retries ORDER BY seq`,
    )
    .all() as RetryRow[];
  return rows.map((row) => ({
    at: row.at,
    ...(row.role === null ? {} : { role: row.role }),
    provider: row.provider,
    model: row.model,
    attempt: row.attempt,
    delayMs: row.delayMs,
    fromRetryAfter: row.fromRetryAfter !== 0,
    ...(row.errorKind === null ? {} : { errorKind: row.errorKind }),
    ...(row.statusCode === null ? {} : { statusCode: row.statusCode }),
    message: messageOf(row.error),
  }));
}

/** The message of a recorded error (`{ name, message }` JSON); the text itself when it is not that. */
function messageOf(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) {
      const message = (parsed as { message?: unknown }).message;
      if (typeof message === 'string') return message;
    }
  } catch {
    // Not JSON: the text is the message.
  }
  return text;
}
