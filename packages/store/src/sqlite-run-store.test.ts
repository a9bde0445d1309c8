import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSearch, type SearchOptions } from '@forge/core';
import { toyOptimizer, toyReflector } from '@forge/core/testing';
import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import { defineSignature } from '@forge/program';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openRunDatabase } from './open-run-database.js';
import { SqliteRunStore } from './sqlite-run-store.js';
import { SqliteSynthesisJournal } from './sqlite-synthesis-journal.js';
import { StoreError } from './store-error.js';

const root = mkdtempSync(join(tmpdir(), 'forge-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const train = toyInstances('t', 12);
const validation = toyInstances('v', 8);
const options = (overrides: Partial<SearchOptions> = {}): SearchOptions => ({
  program: toyProgram(),
  evaluate: toyEvaluate,
  taskModel: toyTaskModel(),
  optimizerModel: toyReflector(),
  train,
  validation,
  maxEvaluations: 150,
  seed: 3,
  ...overrides,
});

describe('SqliteRunStore', () => {
  it('saves every step and resumes to the same final state as an uninterrupted run', async () => {
    const uninterrupted = await runSearch(options());
    const runDir = join(root, 'resume');
    const first = new SqliteRunStore(runDir);
    await runSearch(options({ store: first, maxSteps: 4 }));
    first.close();
    const second = new SqliteRunStore(runDir);
    const resumed = await runSearch(options({ store: second }));
    second.close();
    expect(resumed.state).toEqual(uninterrupted.state);
  });

  it('can be queried with plain SQL', async () => {
    const runDir = join(root, 'sql');
    const store = new SqliteRunStore(runDir);
    store.writeInstances('train', train);
    const result = await runSearch(options({ store }));
    store.close();
    const database = new Database(join(runDir, 'forge.db'), { readonly: true });
    const count = (sql: string) => (database.prepare(sql).get() as { n: number }).n;
    expect(count('SELECT count(*) AS n FROM candidates')).toBe(result.candidates.length);
    expect(count('SELECT count(*) AS n FROM steps')).toBe(result.steps);
    expect(count('SELECT count(*) AS n FROM validation_scores')).toBe(
      result.candidates.length * validation.length,
    );
    expect(count("SELECT count(*) AS n FROM instances WHERE split = 'train'")).toBe(train.length);
    expect(count('SELECT max(evaluations_used) AS n FROM steps')).toBe(result.evaluationsUsed);
    const best = database
      .prepare(
        'SELECT candidate, validation_score FROM candidates ORDER BY validation_score DESC, candidate LIMIT 1',
      )
      .get() as { candidate: number; validation_score: number };
    expect(best).toEqual({
      candidate: result.bestCandidate.index,
      validation_score: result.bestScore,
    });
    expect(count("SELECT count(*) AS n FROM events WHERE type = 'step-end'")).toBe(result.steps);
    database.close();
  });

  it('writes one commit per step', async () => {
    const runDir = join(root, 'commits');
    const store = new SqliteRunStore(runDir);
    const result = await runSearch(options({ store, maxSteps: 5 }));
    const commits = (
      store.database.prepare('SELECT count(*) AS n FROM commits').get() as { n: number }
    ).n;
    store.close();
    expect(commits).toBe(1 + result.steps);
  });

  it('refuses a second initialization of the same directory', async () => {
    const runDir = join(root, 'twice');
    const store = new SqliteRunStore(runDir);
    await runSearch(options({ store, maxSteps: 1 }));
    const header = (await store.load())?.header;
    await expect(store.initialize(header as never)).rejects.toThrow('already holds a run');
    store.close();
  });
});

describe('the data branch in SQL', () => {
  it('records observations, assignments, failure modes, synthesis events, attempts and synthetic instances', async () => {
    const runDir = join(root, 'synthesis');
    const store = new SqliteRunStore(runDir);
    const signature = defineSignature({
      name: 'Toy',
      inputFields: [
        { name: 'category', type: 'str', description: '' },
        { name: 'value', type: 'int', description: '' },
      ],
      outputFields: [{ name: 'answer', type: 'str', description: '' }],
    });
    const journal = new SqliteSynthesisJournal(store.database);
    const result = await runSearch(
      options({
        store,
        maxSteps: 8,
        optimizerModel: toyOptimizer({
          transform: (text) => (text.startsWith('Thinking.') ? 'no proposal' : text),
        }),
        synthesis: { variant: 'forge', attempts: 5, epochs: 1, patience: 3, signature, journal },
      }),
    );
    const count = (sql: string) => (store.database.prepare(sql).get() as { n: number }).n;
    const observations = result.state.memory.modes.reduce(
      (total, mode) => total + mode.observations.length,
      0,
    );
    expect(count('SELECT count(*) AS n FROM observations')).toBe(observations);
    expect(count("SELECT count(*) AS n FROM assignments WHERE action != 'no-op'")).toBe(
      observations,
    );
    expect(count("SELECT count(*) AS n FROM failure_modes WHERE change = 'create'")).toBe(
      result.state.memory.modes.length,
    );
    expect(count('SELECT count(*) AS n FROM synthesis_events')).toBe(1);
    expect(count('SELECT count(*) AS n FROM synthesis_attempts')).toBe(5);
    expect(count('SELECT count(*) AS n FROM synthesis_journal')).toBe(5);
    const admitted = result.state.synthesis[0]?.admitted ?? [];
    expect(count("SELECT count(*) AS n FROM instances WHERE origin = 'synthetic'")).toBe(
      admitted.length,
    );
    expect(count("SELECT count(*) AS n FROM synthesis_attempts WHERE outcome = 'admitted'")).toBe(
      admitted.length,
    );
    store.close();
  });
});

describe('openRunDatabase', () => {
  it('names a file that is not a directory', () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'x');
    const error = captureError(() => openRunDatabase(file));
    expect(error.reason).toBe('not-a-directory');
    expect(error.message).toContain(file);
  });

  it('says when a directory holds no run (read-only open)', () => {
    const empty = join(root, 'empty');
    mkdirSync(empty);
    expect(captureError(() => openRunDatabase(empty, { readonly: true })).reason).toBe('not-a-run');
  });

  it('refuses a database written by a newer schema', () => {
    const runDir = join(root, 'newer');
    openRunDatabase(runDir).close();
    const database = new Database(join(runDir, 'forge.db'));
    database.pragma('user_version = 999');
    database.close();
    const error = captureError(() => openRunDatabase(runDir));
    expect(error.reason).toBe('newer-schema');
  });

  it('gives a clear error for a read-only run directory and writes nothing', () => {
    const runDir = join(root, 'readonly');
    mkdirSync(runDir);
    const undo = makeReadOnly(runDir);
    try {
      const error = captureError(() => new SqliteRunStore(runDir));
      expect(error.reason).toBe('read-only');
      expect(error.message).toContain(runDir);
      expect(error.message).not.toMatch(/SqliteError|at .*\.js/);
    } finally {
      undo();
    }
  });
});

function captureError(body: () => unknown): StoreError {
  try {
    body();
  } catch (error) {
    if (StoreError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a StoreError');
}

/** Root ignores file modes, so as root the directory becomes a read-only mount instead. */
function makeReadOnly(directory: string): () => void {
  if (process.getuid?.() === 0) {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', directory]);
    return () => execFileSync('umount', [directory]);
  }
  execFileSync('chmod', ['555', directory]);
  return () => execFileSync('chmod', ['755', directory]);
}
