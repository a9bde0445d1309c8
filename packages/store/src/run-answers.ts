import { deferWrite, flushDeferredWrites } from './deferred-writes.js';
import type { RunDatabase } from './open-run-database.js';

/** One optimizer answer as saved (see `@forge/method`'s `optimizer-answer` event). */
export interface RecordedAnswer {
  /** The role that answered. */
  readonly role: string;
  /** False when the answer could not be used. */
  readonly usable: boolean;
  /** Why not, when unusable (`truncated`, `no-block`, `invalid-json`, …). */
  readonly reason?: string;
  /** The method's step, when any. */
  readonly step?: number;
  /** The start of an unusable answer. */
  readonly excerpt?: string;
  /** The role's output contract in words. */
  readonly contract?: string;
}

/** One role's answers over the whole run. */
export interface RoleAnswers {
  /** Answers given. */
  readonly total: number;
  /** Answers that could not be used. */
  readonly unusable: number;
  /** Unusable answers by reason. */
  readonly reasons: Readonly<Record<string, number>>;
  /** The first unusable answer's start, when there was one. */
  readonly example?: string;
  /** Why that answer was unusable. */
  readonly exampleReason?: string;
  /** The role's output contract, as the method named it. */
  readonly contract?: string;
}

/** Saves every optimizer answer of a run in `optimizer_answers` (written in batches). */
export class SqliteAnswerRecorder {
  private readonly database: RunDatabase;
  private readonly insert;
  private readonly forget;

  constructor(database: RunDatabase) {
    this.database = database;
    this.insert = database.prepare(
      'INSERT INTO optimizer_answers (role, usable, reason, step, excerpt, contract) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.forget = database.prepare('DELETE FROM optimizer_answers WHERE step >= ?');
  }

  /** Queues one answer's row. */
  record(answer: RecordedAnswer): void {
    const row = [
      answer.role,
      answer.usable ? 1 : 0,
      answer.reason ?? null,
      answer.step ?? null,
      answer.excerpt ?? null,
      answer.contract ?? null,
    ];
    deferWrite(this.database, () => this.insert.run(...row));
  }

  /**
   * Drops the answers earlier invocations saved for `step` and later: the steps a resumed run is
   * about to run again, whose answers it records anew. Queued in order with the rows, so it never
   * removes an answer recorded after it.
   */
  forgetFrom(step: number): void {
    deferWrite(this.database, () => this.forget.run(step));
  }
}

/**
 * Every optimizer role's answers over all invocations of the run, from `optimizer_answers`:
 * how many, how many were unusable and why, and the first unusable one. None for a database
 * without that table (a run recorded before answers were kept, read without migrating it).
 */
export function readRunAnswers(database: RunDatabase): Readonly<Record<string, RoleAnswers>> {
  if (!database.readonly) flushDeferredWrites(database);
  if (!hasAnswersTable(database)) return {};
  const rows = database
    .prepare(`SELECT role, usable, reason, excerpt, contract FROM optimizer_answers ORDER BY seq`)
    .all() as {
    role: string;
    usable: number;
    reason: string | null;
    excerpt: string | null;
    contract: string | null;
  }[];
  const byRole = new Map<
    string,
    {
      total: number;
      unusable: number;
      reasons: Record<string, number>;
      example?: string;
      exampleReason?: string;
      contract?: string;
    }
  >();
  for (const row of rows) {
    let role = byRole.get(row.role);
    if (role === undefined) {
      role = { total: 0, unusable: 0, reasons: {} };
      byRole.set(row.role, role);
    }
    role.total++;
    if (row.contract !== null && role.contract === undefined) role.contract = row.contract;
    if (row.usable !== 0) continue;
    role.unusable++;
    const reason = row.reason ?? 'unusable';
    role.reasons[reason] = (role.reasons[reason] ?? 0) + 1;
    if (role.example === undefined) {
      role.example = row.excerpt ?? '';
      role.exampleReason = reason;
    }
  }
  return Object.fromEntries(byRole);
}

/** True when the database has the `optimizer_answers` table. */
function hasAnswersTable(database: RunDatabase): boolean {
  return (
    database
      .prepare(
        "SELECT 1 AS present FROM sqlite_master WHERE type = 'table' AND name = 'optimizer_answers'",
      )
      .get() !== undefined
  );
}
