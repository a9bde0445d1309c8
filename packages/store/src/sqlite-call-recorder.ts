import type { CallRecorder, RecordedCall } from '@forge/provider';
import type { RunDatabase } from './open-run-database.js';

type Row = readonly (string | number | null)[];

// Recorders with rows not yet written, by database: a run store writing to the same database
// writes them first, so a commit, a metadata change or closing the run never leaves calls behind.
const pendingByDatabase = new WeakMap<RunDatabase, Set<SqliteCallRecorder>>();

/** Writes the rows every recorder of `database` still holds (the run store calls this). */
export function flushCallRecords(database: RunDatabase): void {
  for (const recorder of pendingByDatabase.get(database) ?? []) recorder.flush();
}

/**
 * Records every model call of a run in `model_calls`: role, model, timing, tokens, cost, and
 * (optionally) the request and response. Requests carry no credentials and recorded errors are
 * already redacted by the provider layer.
 *
 * Rows are written in batches, one transaction each: on the next turn of the event loop, or
 * earlier when the run store on the same database commits, sets metadata or closes. A validation
 * pass finishes dozens of calls at once, and a transaction per call would cost tens of
 * microseconds each, on the run's critical path.
 */
export class SqliteCallRecorder implements CallRecorder {
  private readonly database: RunDatabase;
  private readonly insert;
  private readonly keepBodies: boolean;
  private pending: Row[] = [];

  constructor(database: RunDatabase, options: { keepBodies?: boolean } = {}) {
    this.database = database;
    this.keepBodies = options.keepBodies ?? true;
    this.insert = database.prepare(
      `INSERT INTO model_calls (started_at, role, provider, model, duration_ms, cached, input_tokens,
        output_tokens, cached_input_tokens, reasoning_tokens, cost_usd, error, request, response)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  record(call: RecordedCall): void {
    const usage = call.result?.usage;
    this.pending.push([
      new Date(call.startedAt).toISOString(),
      call.role ?? null,
      call.provider,
      call.modelId,
      call.durationMs,
      call.result?.cached ? 1 : 0,
      usage?.inputTokens ?? null,
      usage?.outputTokens ?? null,
      usage?.cachedInputTokens ?? null,
      usage?.reasoningTokens ?? null,
      call.result?.costUsd ?? null,
      call.error === undefined ? null : JSON.stringify(call.error),
      this.keepBodies ? JSON.stringify(call.request) : null,
      this.keepBodies && call.result !== undefined ? JSON.stringify(call.result) : null,
    ]);
    if (this.pending.length === 1) {
      let recorders = pendingByDatabase.get(this.database);
      if (recorders === undefined) {
        recorders = new Set();
        pendingByDatabase.set(this.database, recorders);
      }
      recorders.add(this);
      setImmediate(() => this.flush());
    }
  }

  /** Writes the calls recorded so far, in one transaction. */
  flush(): void {
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    pendingByDatabase.get(this.database)?.delete(this);
    // A database closed by someone else than the run store: nothing can be written any more.
    if (!this.database.open) return;
    this.database.transaction(() => {
      for (const row of rows) this.insert.run(...row);
    })();
  }
}
