import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  readCallCacheEntries,
  readCallRetries,
  readRunCandidates,
  readRunInstances,
  readRunSteps,
  readRunUsage,
} from '@forge/store';
import Database from 'better-sqlite3';

/** What decides whether two runs reached the same result, read from a run directory. */
export interface RunContents {
  /** Every step. */
  readonly steps: unknown[];
  /** Every candidate with its parent, score and prompts. */
  readonly candidates: unknown[];
  /** The admitted synthetic instances. */
  readonly synthetic: unknown[];
  /** Every cached answer (key and result without its time stamp). */
  readonly cache: unknown[];
  /** Model calls that were paid for (not answered from the cache). */
  readonly paid: number;
  /** Every retried attempt: its error kind and HTTP status. */
  readonly retries: { error_kind: string | null; status_code: number | null }[];
  /** `result.json` without the run directory. */
  readonly result: Record<string, unknown>;
}

/** Reads a finished run's contents (read-only). */
export function readRunContents(runDir: string): RunContents {
  const database = new Database(join(runDir, 'forge.db'), { readonly: true });
  try {
    const cache = readCallCacheEntries(database).map((row) => {
      const { storedAt: _storedAt, ...entry } = JSON.parse(row.resultJson) as Record<
        string,
        unknown
      >;
      return { key: row.key, entry };
    });
    return {
      steps: readRunSteps(database),
      candidates: readRunCandidates(database).map((row) => ({
        candidate: row.candidate,
        parent: row.parent,
        validation_score: row.validationScore,
        prompts: row.promptsJson,
      })),
      synthetic: readRunInstances(database, { origin: 'synthetic' })
        .map((row) => ({ id: row.id, input: row.inputJson, gold: row.goldJson }))
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
      cache,
      paid: readRunUsage(database).total.calls,
      retries: readCallRetries(database).map((retry) => ({
        error_kind: retry.errorKind ?? null,
        status_code: retry.statusCode ?? null,
      })),
      result: {
        ...(JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8')) as object),
        runDir: '',
      },
    };
  } finally {
    database.close();
  }
}

/** The parts of two runs that must be identical when both reached the same result. */
export function sameResult(contents: RunContents) {
  const { steps, candidates, synthetic, result } = contents;
  return { steps, candidates, synthetic, result };
}

/**
 * `result.json` without what the run spent (`costUsd`, `usage`): those are facts of the run read
 * from `forge.db`, and a run killed with SIGKILL (or aborted by a second Ctrl-C) re-pays the
 * calls it had in flight, so its spend differs from an uninterrupted run's by them; the tests
 * bound that difference through `paid` instead. The optimizer's `answers` stay: a resumed run
 * replaces the answers of the steps it runs again, and a synthesis attempt's answers are saved
 * with its journal entry, so each answer is counted exactly once.
 */
export function withoutSpend(result: Record<string, unknown>): Record<string, unknown> {
  const { costUsd: _costUsd, usage: _usage, ...rest } = result;
  return rest;
}

/** `sameResult` for a run that was killed and resumed: everything but what it spent. */
export function sameResultAfterKill(contents: RunContents) {
  const same = sameResult(contents);
  return { ...same, result: withoutSpend(same.result) };
}

/**
 * A suite's `tables.md` without the date of its results (the last activity of its cells' runs):
 * two suites that reached the same results at different times then read the same.
 */
export function suiteTablesText(suiteDir: string): string {
  return readFileSync(join(suiteDir, 'tables.md'), 'utf8').replace(
    /; results up to \d{4}-\d\d-\d\dT[\d:.]+Z\./,
    '; results up to (date).',
  );
}
