import { dirname } from 'node:path';
import { type RetryEvent, recordError } from '@forge/provider';
import type { RunDatabase } from './open-run-database.js';
import { guardStore } from './store-failure.js';

/** One row of `call_retries`, as `SqliteRetryRecorder` wrote it. */
export interface RecordedRetry {
  /** When the attempt failed (ISO 8601). */
  readonly at: string;
  /** The call's role, when it had one. */
  readonly role?: string;
  /** Provider name. */
  readonly provider: string;
  /** Model id. */
  readonly model: string;
  /** The attempt that failed, 1-based. */
  readonly attempt: number;
  /** Wait before the next attempt, in ms. */
  readonly delayMs: number;
  /** True when the server asked for the wait (`retry-after`). */
  readonly fromRetryAfter: boolean;
  /** `APICallError.kind` of the failure (`http`, `connection`, `timeout`, …). */
  readonly errorKind?: string;
  /** HTTP status, when there was one. */
  readonly statusCode?: number;
  /** The failure's message, credentials redacted. */
  readonly message: string;
}

/**
 * Records every retried attempt of a run's model calls in `call_retries`, so that time spent on
 * failures is visible afterwards with plain SQL. Messages are redacted by the provider layer.
 */
export class SqliteRetryRecorder {
  private readonly insert;
  private readonly runDir: string;

  constructor(database: RunDatabase) {
    this.runDir = dirname(database.name);
    this.insert = database.prepare(
      `INSERT INTO call_retries (at, role, provider, model, attempt, delay_ms, from_retry_after,
        error_kind, status_code, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  /** Records one retry and returns the row written. */
  record(event: RetryEvent, at: Date = new Date()): RecordedRetry {
    const error = recordError(event.error);
    const row: RecordedRetry = {
      at: at.toISOString(),
      ...(event.role === undefined ? {} : { role: event.role }),
      provider: event.provider,
      model: event.modelId,
      attempt: event.attempt,
      delayMs: event.delayMs,
      fromRetryAfter: event.fromRetryAfter,
      ...(error.kind === undefined ? {} : { errorKind: error.kind }),
      ...(error.statusCode === undefined ? {} : { statusCode: error.statusCode }),
      message: error.message,
    };
    guardStore(this.runDir, () =>
      this.insert.run(
        row.at,
        row.role ?? null,
        row.provider,
        row.model,
        row.attempt,
        row.delayMs,
        row.fromRetryAfter ? 1 : 0,
        row.errorKind ?? null,
        row.statusCode ?? null,
        JSON.stringify({ name: error.name, message: error.message }),
      ),
    );
    return row;
  }
}
