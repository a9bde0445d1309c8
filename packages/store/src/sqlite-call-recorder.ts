import { type CallRecorder, callCacheKey, type RecordedCall, redactSecrets } from '@forge/provider';
import { deferWrite, releaseHeldWrites } from './deferred-writes.js';
import type { RunDatabase } from './open-run-database.js';

/**
 * Records every model call of a run in `model_calls`: role, model, timing, tokens, cost, and
 * (optionally) the request and response. Recorded errors are already redacted by the provider
 * layer; the request and response are redacted here (`redactSecrets`: every registered secret and
 * credential-shaped token), since a server may echo a key in a successful answer and a later
 * prompt may quote that answer. Rows are written in batches (see `deferWrite`), never
 * after the run store's next commit. With `releaseCachedAnswers`, the answer a
 * `SqliteCallCache` (made with `holdUntilRecorded`) holds for the call is queued right behind its
 * record, so both are saved together; the answer is found by the call's cache key (`callCacheKey`
 * of the recorded provider, model and request, which the recorder and the cache see alike in the
 * default middleware stack).
 */
export class SqliteCallRecorder implements CallRecorder {
  private readonly database: RunDatabase;
  private readonly insert;
  private readonly keepBodies: boolean;
  private readonly releaseCachedAnswers: boolean;

  constructor(
    database: RunDatabase,
    options: { keepBodies?: boolean; releaseCachedAnswers?: boolean } = {},
  ) {
    this.database = database;
    this.keepBodies = options.keepBodies ?? true;
    this.releaseCachedAnswers = options.releaseCachedAnswers ?? false;
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
      this.keepBodies ? redactSecrets(JSON.stringify(call.request)) : null,
      this.keepBodies && call.result !== undefined
        ? redactSecrets(JSON.stringify(call.result))
        : null,
    ];
    deferWrite(this.database, () => this.insert.run(...row));
    if (this.releaseCachedAnswers) {
      releaseHeldWrites(this.database, callCacheKey(call, call.request));
    }
  }
}
