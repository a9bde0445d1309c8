import type {
  CommitDetails,
  MemoryAssignment,
  RunCommit,
  RunHeader,
  RunStore,
  SearchAction,
  SearchState,
} from '@forge/core';
import type { Instance } from '@forge/program';
import type { RunBackup } from './backup/run-backup.js';
import { flushDeferredWrites } from './deferred-writes.js';
import type { FileLease } from './lease/file-lease.js';
import type { RunDatabase } from './open-run-database.js';
import { openRunWriter, type RunWriterOptions } from './open-run-for-writing.js';
import { readTestScores } from './read/test-scores.js';
import { StoreError } from './store-error.js';
import { guardStore } from './store-failure.js';

/** Options of `SqliteRunStore`. */
export interface SqliteRunStoreOptions extends RunWriterOptions {
  /**
   * A database opened by the caller (a reader's read-only handle, typically). Then no lease is
   * taken and no backup is written: the caller is responsible.
   */
  readonly database?: RunDatabase;
}

/**
 * The core's `RunStore` on SQLite: one transaction per commit (a step, the seed evaluation or a
 * synthesis event) appends the actions to the log and writes the derived rows, so a run killed
 * at any moment reopens at its last whole step, and a reader never sees half a step.
 *
 * Opened without a `database`, it is the run's one writer: it takes the run directory's lease
 * (refusing at once when another writer holds it), checks an existing database's integrity, and
 * keeps a backup of the database at commit boundaries. Every write first checks that the lease
 * is still held. Failures of the disk or a damaged database are `StorageError` / `StoreError`.
 */
export class SqliteRunStore implements RunStore {
  /** The run directory. */
  readonly runDir: string;
  /** The open database (shared with the call cache and synthesis journal of the same run). */
  readonly database: RunDatabase;
  /** The run's lease, when this store is its writer. */
  readonly lease: FileLease | undefined;
  /** The backup keeper, when this store is the writer and backups are on. */
  readonly backup: RunBackup | undefined;
  private readonly statements;

  constructor(runDir: string, options: SqliteRunStoreOptions = {}) {
    this.runDir = runDir;
    const writer = options.database === undefined ? openRunWriter(runDir, options) : undefined;
    this.database = writer?.database ?? (options.database as RunDatabase);
    this.lease = writer?.lease;
    this.backup = writer?.backup;
    const database = this.database;
    this.statements = {
      meta: database.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ),
      readMeta: database.prepare('SELECT value FROM meta WHERE key = ?'),
      actions: database.prepare('SELECT payload FROM actions ORDER BY seq'),
      action: database.prepare(
        'INSERT INTO actions (commit_seq, type, step, payload) VALUES (?, ?, ?, ?)',
      ),
      commit: database.prepare(
        'INSERT INTO commits (created_at, step, evaluations_used, best_candidate, best_score) VALUES (?, ?, ?, ?, ?)',
      ),
      event: database.prepare('INSERT INTO events (commit_seq, type, payload) VALUES (?, ?, ?)'),
      candidate: database.prepare(
        'INSERT INTO candidates (candidate, parent, module, step, validation_score, evaluations_at_discovery, prompts) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      score: database.prepare(
        'INSERT INTO validation_scores (candidate, instance_id, score) VALUES (?, ?, ?)',
      ),
      step: database.prepare(
        'INSERT INTO steps (step, parent, module, outcome, no_op_reason, minibatch, parent_scores, proposal_scores, candidate, evaluations, improved, evaluations_used) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      instance: database.prepare(
        'INSERT OR IGNORE INTO instances (id, split, origin, input, gold, metadata) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      observation: database.prepare(
        'INSERT OR IGNORE INTO observations (id, step, parent, instance_id, score, feedback, trace) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      assignment: database.prepare(
        'INSERT INTO assignments (step, observation_id, epoch, action, mode_id, mode_name, reason, response_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      reflection: database.prepare(
        'INSERT OR REPLACE INTO reflections (step, parent, module, response_text, prompt) VALUES (?, ?, ?, ?, ?)',
      ),
      validationEvaluation: database.prepare(
        'INSERT OR REPLACE INTO validation_evaluations (candidate, instance_id, output, feedback, module_feedback, trace) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      mode: database.prepare(
        'INSERT INTO failure_modes (mode_id, epoch, name, description, step, change, observation_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      synthesisEvent: database.prepare(
        'INSERT INTO synthesis_events (event, step, epoch, evaluations_used, attempts, admitted, accounting) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      attempt: database.prepare(
        'INSERT INTO synthesis_attempts (event, slot, mode_id, mode_name, intent, outcome, reason, instance_id, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
    };
  }

  async load(): Promise<{ header: RunHeader; actions: SearchAction[] } | undefined> {
    return this.guard(() => {
      const row = this.statements.readMeta.get('header') as { value: string } | undefined;
      if (row === undefined) return undefined;
      const actions = (this.statements.actions.all() as { payload: string }[]).map(
        (action) => JSON.parse(action.payload) as SearchAction,
      );
      return { header: JSON.parse(row.value) as RunHeader, actions };
    });
  }

  async initialize(header: RunHeader): Promise<void> {
    this.lease?.assertHeld();
    if (this.getMeta('header') !== undefined) {
      throw new StoreError({
        reason: 'corrupt',
        path: this.runDir,
        message: `${this.runDir} already holds a run`,
      });
    }
    this.write(() => {
      this.statements.meta.run('header', JSON.stringify(header));
      this.statements.meta.run('created_at', new Date().toISOString());
      this.statements.meta.run('status', 'running');
    });
  }

  async append(commit: RunCommit): Promise<void> {
    this.write(() => {
      // The step's model calls (answers and records) are saved with the step.
      flushDeferredWrites(this.database);
      this.writeCommit(commit);
    });
    this.backup?.afterCommit();
  }

  /** Records instances of a split (originals at the start; synthetic ones come with their event). */
  writeInstances(
    split: 'train' | 'validation' | 'test',
    instances: readonly Instance[],
    origin = 'original',
  ): void {
    this.write(() => {
      for (const instance of instances) this.insertInstance(split, instance, origin);
    });
  }

  /** Records a candidate's test scores (reporting only), replacing earlier ones. */
  writeTestScores(
    candidate: number,
    rows: readonly {
      readonly instanceId: string;
      readonly repeat: number;
      readonly score: number;
    }[],
  ): void {
    this.write(() => {
      const insert = this.database.prepare(
        'INSERT INTO test_scores (candidate, instance_id, repeat, score) VALUES (?, ?, ?, ?) ON CONFLICT (candidate, instance_id, repeat) DO UPDATE SET score = excluded.score',
      );
      for (const row of rows) insert.run(candidate, row.instanceId, row.repeat, row.score);
    });
  }

  /** A candidate's saved test scores (empty when it was never evaluated on test). */
  readTestScores(
    candidate: number,
  ): { readonly instanceId: string; readonly repeat: number; readonly score: number }[] {
    return readTestScores(this.database, candidate);
  }

  /** Sets a metadata value (status, stop reason, labels). */
  setMeta(key: string, value: string): void {
    this.write(() => {
      flushDeferredWrites(this.database);
      this.statements.meta.run(key, value);
    });
  }

  /** Reads a metadata value. */
  getMeta(key: string): string | undefined {
    return this.guard(
      () => (this.statements.readMeta.get(key) as { value: string } | undefined)?.value,
    );
  }

  /**
   * Closes the database and gives the lease up. A backup still running is abandoned (its partial
   * file removed; the previous backup stays): call `backup.settle()` first to let it finish.
   */
  close(): void {
    try {
      if (this.database.open) this.database.close();
    } finally {
      this.lease?.release();
    }
  }

  private guard<T>(action: () => T): T {
    return guardStore(this.runDir, action, `${this.runDir}/forge.db`);
  }

  /** One transaction, after checking that this store still holds the run's lease. */
  private write(action: () => void): void {
    this.lease?.assertHeld();
    this.guard(() => this.database.transaction(action)());
  }

  private writeCommit(commit: RunCommit): void {
    const { state } = commit;
    const best = state.candidates[state.bestCandidate];
    const commitSeq = Number(
      this.statements.commit.run(
        new Date().toISOString(),
        state.step,
        state.evaluationsUsed,
        state.bestCandidate,
        best?.validationScore ?? null,
      ).lastInsertRowid,
    );
    for (const action of commit.actions) {
      const step = action.type === 'step-completed' ? action.record.step : null;
      this.statements.action.run(commitSeq, action.type, step, JSON.stringify(action));
      this.writeDerived(action, state);
    }
    for (const event of commit.events) {
      this.statements.event.run(commitSeq, event.type, JSON.stringify(event));
    }
    if (commit.details !== undefined) this.writeDetails(commit.details);
  }

  private writeDetails(details: CommitDetails): void {
    const { reflection, validation } = details;
    if (reflection !== undefined) {
      this.statements.reflection.run(
        reflection.step,
        reflection.parent,
        reflection.module,
        reflection.responseText,
        reflection.prompt ?? null,
      );
    }
    if (validation !== undefined) {
      for (const { instance, execution, evaluation } of validation.evaluations) {
        this.statements.validationEvaluation.run(
          validation.candidate,
          instance.id,
          JSON.stringify(execution.output),
          evaluation.feedback ?? null,
          evaluation.moduleFeedback === undefined
            ? null
            : JSON.stringify(evaluation.moduleFeedback),
          JSON.stringify(execution.trace),
        );
      }
    }
  }

  private writeDerived(action: SearchAction, state: SearchState): void {
    switch (action.type) {
      case 'seed-evaluated': {
        this.insertCandidate(state, 0, action.validationScores);
        return;
      }
      case 'step-completed': {
        const { record } = action;
        // A new candidate is the best only when it strictly improved the best score.
        const improved = record.candidate !== undefined && state.bestCandidate === record.candidate;
        this.statements.step.run(
          record.step,
          record.parent,
          record.module,
          record.outcome,
          record.noOpReason ?? null,
          JSON.stringify(record.minibatch),
          JSON.stringify(record.parentScores),
          record.proposalScores === undefined ? null : JSON.stringify(record.proposalScores),
          record.candidate ?? null,
          record.evaluations,
          improved ? 1 : 0,
          state.evaluationsUsed,
        );
        if (action.accepted !== undefined && record.candidate !== undefined) {
          this.insertCandidate(state, record.candidate, action.accepted.validationScores);
        }
        for (const assignment of action.assignments ?? [])
          this.insertAssignment(record.step, assignment, state);
        return;
      }
      case 'synthesis-completed': {
        const summary = state.synthesis[action.event];
        this.statements.synthesisEvent.run(
          action.event,
          summary?.step ?? state.step,
          summary?.epoch ?? 0,
          summary?.evaluationsUsed ?? state.evaluationsUsed,
          action.accounting.attempts,
          action.admitted.length,
          JSON.stringify(action.accounting),
        );
        for (const attempt of action.attempts) {
          this.statements.attempt.run(
            attempt.event,
            attempt.slot,
            attempt.modeId ?? null,
            attempt.modeName ?? null,
            attempt.intent,
            attempt.outcome,
            attempt.reason,
            attempt.instance?.id ?? null,
            JSON.stringify(attempt),
          );
        }
        for (const instance of action.admitted) this.insertInstance('train', instance, 'synthetic');
        return;
      }
    }
  }

  private insertAssignment(step: number, assignment: MemoryAssignment, state: SearchState): void {
    const { observation, outcome } = assignment;
    this.statements.observation.run(
      observation.id,
      observation.step,
      observation.parentIndex,
      observation.instance.id,
      observation.score,
      observation.feedback ?? null,
      JSON.stringify(observation.trace),
    );
    const epoch = state.memory.epoch;
    if (outcome.action === 'no-op') {
      this.statements.assignment.run(
        step,
        observation.id,
        epoch,
        'no-op',
        null,
        null,
        `${outcome.reason}: ${outcome.detail}`,
        assignment.responseText,
      );
      return;
    }
    this.statements.assignment.run(
      step,
      observation.id,
      epoch,
      outcome.action,
      outcome.modeId,
      outcome.name,
      null,
      assignment.responseText,
    );
    if (outcome.action !== 'assign') {
      const mode = state.memory.modes.find((candidate) => candidate.id === outcome.modeId);
      this.statements.mode.run(
        outcome.modeId,
        mode?.epoch ?? epoch,
        outcome.name,
        mode?.description ?? '',
        step,
        outcome.action,
        observation.id,
      );
    }
  }

  private insertCandidate(state: SearchState, index: number, scores: readonly number[]): void {
    const candidate = state.candidates[index];
    if (candidate === undefined) return;
    this.statements.candidate.run(
      index,
      candidate.parent,
      candidate.module,
      candidate.step,
      candidate.validationScore,
      candidate.evaluationsAtDiscovery,
      JSON.stringify(candidate.prompts),
    );
    scores.forEach((score, position) => {
      this.statements.score.run(index, state.validationIds[position], score);
    });
  }

  private insertInstance(split: string, instance: Instance, origin: string): void {
    this.statements.instance.run(
      instance.id,
      split,
      origin,
      JSON.stringify(instance.input),
      JSON.stringify(instance.gold),
      instance.metadata === undefined ? null : JSON.stringify(instance.metadata),
    );
  }
}
