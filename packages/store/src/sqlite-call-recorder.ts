import type { CallRecorder, RecordedCall } from '@forge/provider';
import { deferWrite } from './deferred-writes.js';
import type { RunDatabase } from './open-run-database.js';

/**
 * Records every model call of a run in `model_calls`: role, model, timing, tokens, cost, and
 * (optionally) the request and response. Requests carry no credentials and recorded errors are
 * already redacted by the provider layer. Rows are written in batches (see `deferWrite`), never
 * after the run store's next commit.
 */
export class SqliteCallRecorder implements CallRecorder {
  private readonly database: RunDatabase;
  private readonly insert;
  private readonly keepBodies: boolean;

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
    const row = [
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
    ];
    deferWrite(this.database, () => this.insert.run(...row));
  }
}
