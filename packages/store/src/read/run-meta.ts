import type { RunDatabase } from '../open-run-database.js';

/**
 * A run's `meta` table: key → text value, as the run wrote them. The keys a Forge run writes:
 *
 * - `header` — the core's run header (JSON), written by Forge's own variants at their first start;
 * - `method` — the method's id, written at the first start of every method;
 * - `created_at` — when the run's database got its header (ISO 8601);
 * - `status` — `running`, `completed`, `stopped` or `failed`, as last saved;
 * - `stop_reason` / `error` — why a run stopped / the message it failed with;
 * - `benchmark`, `title`, `variant` — the benchmark's id and title, the method's id;
 * - `models` — role → `provider:model` (JSON), `unpriced_models` — models without a price (JSON);
 * - `simulated` — `true` when every model is a simulated one;
 * - `max_evaluations` — the evaluation budget of the last start;
 * - `invocations` — the start time of every start (JSON array; read with `readRunInvocations`);
 * - `writer_pid`, `writer_host` — the process that last started writing the run.
 *
 * Every value is data from disk: a reader parses it defensively (the directory may be hostile).
 */
export type RunMeta = ReadonlyMap<string, string>;

/** Reads every key of the run's `meta` table. */
export function readRunMeta(database: RunDatabase): RunMeta {
  const rows = database.prepare('SELECT key, value FROM meta').all() as {
    key: string;
    value: string;
  }[];
  return new Map(rows.map((row) => [row.key, row.value]));
}
