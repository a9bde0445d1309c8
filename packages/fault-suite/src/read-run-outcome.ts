import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openRunDatabase } from '@forge/store';

/** What a finished run decided and paid, read back from its directory. */
export interface RunOutcome {
  /** What decides "the same result": steps, candidates, synthetic data, `result.json`. */
  readonly decisions: {
    readonly steps: unknown[];
    readonly candidates: unknown[];
    readonly synthetic: unknown[];
    readonly result: Record<string, unknown>;
  };
  /** Every cached answer, by key (without the time it was stored). */
  readonly cache: readonly { key: string; entry: unknown }[];
  /** Model calls paid for (not answered from the cache). */
  readonly paid: number;
  /** Retried attempts by what they saw: `http 429`, `timeout`, `unreadable-response`, … */
  readonly retries: Readonly<Record<string, number>>;
}

/** Reads a run's outcome (read-only). */
export function readRunOutcome(runDir: string): RunOutcome {
  const database = openRunDatabase(runDir, { readonly: true });
  try {
    const all = (sql: string) => database.prepare(sql).all();
    const retries: Record<string, number> = {};
    for (const row of all('SELECT error_kind, status_code FROM call_retries') as {
      error_kind: string | null;
      status_code: number | null;
    }[]) {
      const signature = retrySignatureOf(row.error_kind, row.status_code);
      retries[signature] = (retries[signature] ?? 0) + 1;
    }
    const { runDir: _runDir, ...result } = JSON.parse(
      readFileSync(join(runDir, 'result.json'), 'utf8'),
    ) as Record<string, unknown>;
    return {
      decisions: {
        steps: all('SELECT * FROM steps ORDER BY step'),
        candidates: all(
          'SELECT candidate, parent, validation_score, prompts FROM candidates ORDER BY candidate',
        ),
        synthetic: all(
          "SELECT id, input, gold FROM instances WHERE origin = 'synthetic' ORDER BY id",
        ),
        result,
      },
      cache: (
        all('SELECT key, result FROM call_cache ORDER BY key') as {
          key: string;
          result: string;
        }[]
      ).map((row) => {
        const { storedAt: _storedAt, ...entry } = JSON.parse(row.result) as Record<string, unknown>;
        return { key: row.key, entry };
      }),
      paid: (
        database.prepare('SELECT count(*) AS n FROM model_calls WHERE cached = 0').get() as {
          n: number;
        }
      ).n,
      retries,
    };
  } finally {
    database.close();
  }
}

/** How a retry is classed: the error kind, with the HTTP status when there was one. */
export function retrySignatureOf(
  kind: string | null | undefined,
  status: number | null | undefined,
): string {
  return status === null || status === undefined ? String(kind) : `${kind} ${status}`;
}
