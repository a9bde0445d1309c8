import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyRunRoleUsage, openRunDatabase, type RunDatabase } from '@forge/store';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSuiteCellDetails } from './load-suite-cell-details.js';
import { readSuiteCellDetails } from './read-suite-cell-details.js';

const root = mkdtempSync(join(tmpdir(), 'forge-suite-details-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A run database holding two synthesis epochs, test rows of candidates 0 and 4, and timestamps. */
function sampleRun(runDir: string): RunDatabase {
  const database = openRunDatabase(runDir);
  const run = (sql: string, ...values: unknown[]) => database.prepare(sql).run(...values);
  run("INSERT OR REPLACE INTO meta (key, value) VALUES ('created_at', '2026-01-01T10:00:00.000Z')");
  run(
    "INSERT INTO commits (created_at, step, evaluations_used, best_candidate, best_score) VALUES ('2026-01-01T10:00:01.000Z', 0, 20, 0, 0.3), ('2026-01-01T10:05:00.000Z', 9, 200, 4, 0.8)",
  );
  // The last call ends 2.5 s after it started, past the last commit.
  run(
    "INSERT INTO model_calls (started_at, role, provider, model, duration_ms, cached) VALUES ('2026-01-01T10:00:00.500Z', 'task', 'sim', 'task', 10, 0), ('2026-01-01T10:06:00.000Z', 'task', 'sim', 'task', 2500, 0)",
  );
  for (const [event, epoch] of [
    [0, 0],
    [1, 1],
    [2, 2],
  ])
    run(
      "INSERT INTO synthesis_events (event, step, epoch, evaluations_used, attempts, admitted, accounting) VALUES (?, 1, ?, 10, 1, 1, '{}')",
      event,
      epoch,
    );
  let observation = 0;
  const assign = (epoch: number, mode: string | null, action = 'assign') =>
    run(
      'INSERT INTO assignments (step, observation_id, epoch, action, mode_id, mode_name) VALUES (1, ?, ?, ?, ?, ?)',
      `o${++observation}`,
      epoch,
      action,
      mode,
      mode,
    );
  const create = (epoch: number, id: string, name: string) =>
    run(
      "INSERT INTO failure_modes (mode_id, epoch, name, description, step, change, observation_id) VALUES (?, ?, ?, ?, 1, 'create', 'o')",
      id,
      epoch,
      name,
      `${name} described`,
    );
  create(0, 'm1', 'first_name');
  create(0, 'm1', 'renamed_in_epoch_0');
  create(0, 'm2', 'other');
  for (const mode of ['m1', 'm1', 'm2']) assign(0, mode);
  assign(0, null, 'no-op');
  create(1, 'm3', 'middle');
  assign(1, 'm3');
  create(2, 'm4', 'last');
  assign(2, 'm4');
  assign(2, 'm4');
  const score = database.prepare(
    'INSERT INTO test_scores (candidate, instance_id, repeat, score) VALUES (?, ?, ?, ?)',
  );
  for (const [candidate, instance, repeat, value] of [
    [0, 'a', 0, 0],
    [0, 'b', 0, 1],
    [4, 'a', 0, 1],
    [4, 'a', 1, 0],
    [4, 'b', 0, 1],
    [4, 'b', 1, 1],
    [4, '__proto__', 0, 1],
    [4, '__proto__', 1, 1],
  ] as const)
    score.run(candidate, instance, repeat, value);
  return database;
}

describe('loadSuiteCellDetails', () => {
  it('reads wall time, the first and final failure-mode windows and the best candidate per test instance', () => {
    const database = sampleRun(join(root, 'one'));
    try {
      const details = loadSuiteCellDetails(database, { bestCandidate: 4 });
      expect(details.wallTime).toEqual({
        startedAt: '2026-01-01T10:00:00.000Z',
        endedAt: '2026-01-01T10:06:02.500Z',
        milliseconds: 362_500,
      });
      expect(details.failureModes).toEqual({
        events: 3,
        first: {
          event: 0,
          modes: [
            {
              name: 'renamed_in_epoch_0',
              description: 'renamed_in_epoch_0 described',
              failures: 2,
            },
            { name: 'other', description: 'other described', failures: 1 },
          ],
        },
        final: { event: 2, modes: [{ name: 'last', description: 'last described', failures: 2 }] },
      });
      expect(details.test?.candidate).toBe(4);
      expect(details.test?.repeats).toBe(2);
      expect(Object.entries(details.test?.scores ?? {})).toEqual([
        ['__proto__', 1],
        ['a', 0.5],
        ['b', 1],
      ]);
      // Without the result's best, the highest tested candidate; a best without rows falls back too.
      expect(loadSuiteCellDetails(database).test?.candidate).toBe(4);
      expect(loadSuiteCellDetails(database, { bestCandidate: 7 }).test?.candidate).toBe(4);
      expect(loadSuiteCellDetails(database, { bestCandidate: 0 }).test?.scores).toEqual({
        a: 0,
        b: 1,
      });
    } finally {
      database.close();
    }
  });

  it('leaves the pauses between a stop and its resume out of the wall time', () => {
    const database = sampleRun(join(root, 'resumed'));
    const run = (sql: string, ...values: unknown[]) => database.prepare(sql).run(...values);
    try {
      // Started at 10:00, last saved at 10:05, killed; resumed the next day at 09:00, a commit at
      // 09:02, killed before saving anything else; resumed at 12:00 and finished at 12:03.
      run(
        "INSERT INTO commits (created_at, step, evaluations_used, best_candidate, best_score) VALUES ('2026-01-02T09:02:00.000Z', 12, 260, 4, 0.8), ('2026-01-02T12:03:00.000Z', 20, 400, 4, 0.8)",
      );
      const starts = [
        '2026-01-01T10:00:00.200Z',
        '2026-01-02T09:00:00.000Z',
        '2026-01-02T12:00:00.000Z',
      ];
      run("INSERT INTO meta (key, value) VALUES ('invocations', ?)", JSON.stringify(starts));
      expect(loadSuiteCellDetails(database).wallTime).toEqual({
        startedAt: '2026-01-01T10:00:00.000Z',
        endedAt: '2026-01-02T12:03:00.000Z',
        // 10:00:00 → 10:05:00, 09:00 → 09:02, 12:00 → 12:03.
        milliseconds: 300_000 + 120_000 + 180_000,
        invocations: 3,
      });
      // One invocation: the span, as for a run that recorded none.
      run(
        "UPDATE meta SET value = ? WHERE key = 'invocations'",
        JSON.stringify(starts.slice(0, 1)),
      );
      expect(loadSuiteCellDetails(database).wallTime?.milliseconds).toBe(
        Date.parse('2026-01-02T12:03:00.000Z') - Date.parse('2026-01-01T10:00:00.000Z'),
      );
      // A hand-edited or hostile value is not trusted: the span again, and no count.
      for (const value of ['not json', '{"a":1}', '[1, 2]', '["yesterday"]', '[]']) {
        run("UPDATE meta SET value = ? WHERE key = 'invocations'", value);
        expect(loadSuiteCellDetails(database).wallTime?.invocations, value).toBeUndefined();
      }
    } finally {
      database.close();
    }
  });

  it('has no windows, test scores or wall time for a run that recorded none', () => {
    const database = openRunDatabase(join(root, 'empty'));
    try {
      database.prepare("DELETE FROM meta WHERE key = 'created_at'").run();
      expect(loadSuiteCellDetails(database)).toEqual({});
      expect(loadSuiteCellDetails(database, { usage: true })).toEqual({
        usage: { total: emptyRunRoleUsage(), byRole: {} },
      });
    } finally {
      database.close();
    }
  });
});

describe('readSuiteCellDetails', () => {
  it('reads each finished cell inside the suite read-only, takes the best from result.json, and skips what it cannot or must not read', () => {
    const suite = join(root, 'suite');
    sampleRun(join(suite, 'cells', 'good')).close();
    writeFileSync(
      join(suite, 'cells', 'good', 'result.json'),
      JSON.stringify({ bestCandidate: 0 }),
    );
    sampleRun(join(root, 'outside')).close();
    mkdirSync(join(suite, 'cells', 'broken'), { recursive: true });
    writeFileSync(join(suite, 'cells', 'broken', 'forge.db'), 'not a database');
    sampleRun(join(suite, 'cells', 'running')).close();
    const cells = [
      { id: 'good', runDir: 'cells/good', status: 'done' },
      { id: 'outside', runDir: '../outside', status: 'done' },
      { id: 'broken', runDir: 'cells/broken', status: 'failed' },
      { id: 'missing', runDir: 'cells/missing', status: 'done' },
      { id: 'running', runDir: 'cells/running', status: 'pending' },
    ] as const;
    const details = readSuiteCellDetails(suite, cells, { usage: true });
    expect(Object.keys(details)).toEqual(['good']);
    expect(details['good']?.test?.candidate).toBe(0);
    expect(details['good']?.wallTime?.milliseconds).toBe(362_500);
    // What it spent by role, through the store's reader.
    expect(details['good']?.usage?.byRole['task']).toMatchObject({ calls: 2, cachedCalls: 0 });
    // The report redrawn after every cell does not scan the calls.
    expect(readSuiteCellDetails(suite, cells)['good']?.usage).toBeUndefined();
  });
});
