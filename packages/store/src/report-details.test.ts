import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSearch } from '@forge/core';
import { toyOptimizer } from '@forge/core/testing';
import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import { defineSignature } from '@forge/program';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from './migrations.js';
import { openRunDatabase } from './open-run-database.js';
import { SqliteRunStore } from './sqlite-run-store.js';

const root = mkdtempSync(join(tmpdir(), 'forge-store-details-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const signature = defineSignature({
  name: 'Toy',
  inputFields: [
    { name: 'category', type: 'str', description: 'Category.' },
    { name: 'value', type: 'int', description: 'Value.' },
  ],
  outputFields: [{ name: 'answer', type: 'str', description: 'Answer.' }],
});
const validation = toyInstances('v', 8);

describe('what the store keeps for the report', () => {
  it('saves every reflection, every validation evaluation and every raw assigner answer', async () => {
    const runDir = join(root, 'details');
    const store = new SqliteRunStore(runDir);
    const result = await runSearch({
      program: toyProgram(),
      evaluate: toyEvaluate,
      taskModel: toyTaskModel(),
      optimizerModel: toyOptimizer({
        transform: (text, call) => (call % 4 === 3 ? 'not this time' : text),
      }),
      train: toyInstances('t', 12),
      validation,
      maxEvaluations: 200,
      seed: 4,
      store,
      synthesis: { variant: 'forge', attempts: 3, epochs: 1, patience: 2, signature },
    });
    store.close();
    const database = new Database(join(runDir, 'forge.db'), { readonly: true });
    try {
      const reflections = database
        .prepare(
          'SELECT r.step, r.prompt, r.response_text, s.outcome FROM reflections r JOIN steps s USING (step) ORDER BY step',
        )
        .all() as { step: number; prompt: string | null; response_text: string; outcome: string }[];
      const reflected = result.history.filter((record) => record.outcome !== 'perfect');
      expect(reflections.map((row) => row.step)).toEqual(reflected.map((record) => record.step));
      for (const row of reflections) {
        expect(row.prompt === null).toBe(row.outcome === 'no-op');
        if (row.prompt !== null) expect(row.response_text).toContain(row.prompt);
      }
      const rows = database
        .prepare(
          'SELECT candidate, instance_id, output, trace FROM validation_evaluations ORDER BY candidate, instance_id',
        )
        .all() as { candidate: number; instance_id: string; output: string; trace: string }[];
      expect(rows).toHaveLength(result.candidates.length * validation.length);
      const first = rows.find((row) => row.candidate === 0);
      expect(JSON.parse(first?.output ?? '{}')).toHaveProperty('answer');
      const trace = JSON.parse(first?.trace ?? '[]') as { module: string; messages: unknown[] }[];
      expect(trace.map((entry) => entry.module)).toEqual(['answer']);
      expect(trace[0]?.messages).toHaveLength(2);
      // Every validation score has its evaluation beside it.
      const orphans = database
        .prepare(
          'SELECT count(*) AS n FROM validation_scores s LEFT JOIN validation_evaluations e USING (candidate, instance_id) WHERE e.output IS NULL',
        )
        .get() as { n: number };
      expect(orphans.n).toBe(0);
      const answers = database.prepare('SELECT action, response_text FROM assignments').all() as {
        action: string;
        response_text: string;
      }[];
      expect(answers.length).toBeGreaterThan(0);
      expect(
        answers
          .filter((row) => row.action === 'no-op')
          .every((row) => row.response_text === 'not this time'),
      ).toBe(true);
      expect(
        answers
          .filter((row) => row.action !== 'no-op')
          .every((row) => row.response_text.includes('<assignment>')),
      ).toBe(true);
    } finally {
      database.close();
    }
  });

  it('upgrades a database of the schema before it in place, keeping its rows', () => {
    const runDir = join(root, 'old');
    const database = openRunDatabase(runDir);
    database.pragma('user_version = 0');
    database.exec(
      'DROP TABLE reflections; DROP TABLE validation_evaluations; ALTER TABLE assignments DROP COLUMN response_text; DROP TABLE call_retries; DROP TABLE optimizer_answers;',
    );
    // Two migrations applied: the schema before the report's tables (and the later ones).
    database.pragma('user_version = 2');
    database.prepare("INSERT INTO meta (key, value) VALUES ('benchmark', 'sim')").run();
    database.close();
    const reopened = openRunDatabase(runDir);
    expect(reopened.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(
      (
        reopened.prepare("SELECT value FROM meta WHERE key = 'benchmark'").get() as {
          value: string;
        }
      ).value,
    ).toBe('sim');
    expect(reopened.prepare('SELECT count(*) AS n FROM reflections').get()).toEqual({ n: 0 });
    reopened.close();
  });
});
