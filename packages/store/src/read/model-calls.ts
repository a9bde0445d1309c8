import { flushDeferredWrites } from '../deferred-writes.js';
import type { RunDatabase } from '../open-run-database.js';

/** One logical model call of a run (its retries included), as `model_calls` keeps it. */
export interface ModelCallRecord {
  /** Its position in the run's call log (from 1; calls are recorded as they finish). */
  readonly seq: number;
  /** When it started (ISO 8601). */
  readonly startedAt: string;
  /** The role its request named (`task`, `reflect`, …); null when it named none. */
  readonly role: string | null;
  /** Provider name. */
  readonly provider: string;
  /** Model id at that provider. */
  readonly model: string;
  /** How long it took, in milliseconds. */
  readonly durationMs: number;
  /** True when the run's response cache answered it (nothing billed). */
  readonly cached: boolean;
  /** Prompt tokens; null when the provider reported none (a failed call). */
  readonly inputTokens: number | null;
  /** Completion tokens, reasoning included; null when none were reported. */
  readonly outputTokens: number | null;
  /** Prompt tokens served from the provider's prompt cache; null when not reported. */
  readonly cachedInputTokens: number | null;
  /** Completion tokens spent on hidden reasoning; null when not reported. */
  readonly reasoningTokens: number | null;
  /** Its cost in USD; null when it was not priced. */
  readonly costUsd: number | null;
  /** Its failure (JSON text of the provider's recorded error); null when it succeeded. */
  readonly errorJson: string | null;
  /** The request (JSON text, secrets redacted); null when bodies were not kept. */
  readonly requestJson: string | null;
  /** The result (JSON text, secrets redacted); null for a failure or when bodies were not kept. */
  readonly responseJson: string | null;
}

/**
 * Every model call of a run, over all its invocations, in the order they were recorded (calls
 * still queued for writing are written first). A run's whole call log, prompts and answers
 * included: for checks and measurements; reports read the sums (`readRunUsage`).
 */
export function readModelCalls(database: RunDatabase): ModelCallRecord[] {
  if (!database.readonly) flushDeferredWrites(database);
  const rows = database
    .prepare(
      `SELECT seq, started_at AS startedAt, role, provider, model, duration_ms AS durationMs, cached,
        input_tokens AS inputTokens, output_tokens AS outputTokens,
        cached_input_tokens AS cachedInputTokens, reasoning_tokens AS reasoningTokens,
        cost_usd AS costUsd, error AS errorJson, request AS requestJson, response AS responseJson
       FROM model_calls ORDER BY seq`,
    )
    .all() as (Omit<ModelCallRecord, 'cached'> & { cached: number })[];
  return rows.map((row) => ({ ...row, cached: row.cached !== 0 }));
}
