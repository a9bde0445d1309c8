import { dirname } from 'node:path';
import type { CallRecorder, RecordedCall } from '@forge/provider';
import type { RunDatabase } from './open-run-database.js';
import { guardStore } from './store-failure.js';

/**
 * Records every model call of a run in `model_calls`: role, model, timing, tokens, cost, and
 * (optionally) the request and response. Requests carry no credentials and recorded errors are
 * already redacted by the provider layer.
 */
export class SqliteCallRecorder implements CallRecorder {
  private readonly insert;
  private readonly keepBodies: boolean;
  private readonly runDir: string;

  constructor(database: RunDatabase, options: { keepBodies?: boolean } = {}) {
    this.runDir = dirname(database.name);
    this.keepBodies = options.keepBodies ?? true;
    this.insert = database.prepare(
      `INSERT INTO model_calls (started_at, role, provider, model, duration_ms, cached, input_tokens,
        output_tokens, cached_input_tokens, reasoning_tokens, cost_usd, error, request, response)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  record(call: RecordedCall): void {
    const usage = call.result?.usage;
    guardStore(this.runDir, () =>
      this.insert.run(
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
      ),
    );
  }
}
