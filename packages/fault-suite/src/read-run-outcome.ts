import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  openRunDatabase,
  readCallCacheEntries,
  readCallRetries,
  readRunCandidates,
  readRunInstances,
  readRunSteps,
  readRunUsage,
} from '@forge/store';

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
    const retries: Record<string, number> = {};
    for (const retry of readCallRetries(database)) {
      const signature = retrySignatureOf(retry.errorKind ?? null, retry.statusCode ?? null);
      retries[signature] = (retries[signature] ?? 0) + 1;
    }
    const { runDir: _runDir, ...result } = JSON.parse(
      readFileSync(join(runDir, 'result.json'), 'utf8'),
    ) as Record<string, unknown>;
    return {
      decisions: {
        steps: readRunSteps(database),
        candidates: readRunCandidates(database).map((row) => ({
          candidate: row.candidate,
          parent: row.parent,
          validationScore: row.validationScore,
          promptsJson: row.promptsJson,
        })),
        synthetic: readRunInstances(database, { origin: 'synthetic' })
          .map((row) => ({ id: row.id, inputJson: row.inputJson, goldJson: row.goldJson }))
          .sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0)),
        result,
      },
      cache: readCallCacheEntries(database).map((row) => {
        const { storedAt: _storedAt, ...entry } = JSON.parse(row.resultJson) as Record<
          string,
          unknown
        >;
        return { key: row.key, entry };
      }),
      paid: readRunUsage(database).total.calls,
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
