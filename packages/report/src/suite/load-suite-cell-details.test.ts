import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyRunRoleUsage, openRunDatabase, type RunDatabase } from '@forge/store';
import { deleteRows, plantRows } from '@forge/store/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSuiteCellDetails } from './load-suite-cell-details.js';
import { readSuiteCellDetails } from './read-suite-cell-details.js';

const root = mkdtempSync(join(tmpdir(), 'forge-suite-details-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A run database holding two synthesis epochs, test rows of candidates 0 and 4, and timestamps. */
function sampleRun(runDir: string): RunDatabase {
  const database = openRunDatabase(runDir);
  plantRows(database, 'meta', [{ key: 'created_at', value: '2026-01-01T10:00:00.000Z' }]);
  plantRows(database, 'commits', [
    {
      created_at: '2026-01-01T10:00:01.000Z',
      step: 0,
      evaluations_used: 20,
      best_candidate: 0,
      best_score: 0.3,
    },
    {
      created_at: '2026-01-01T10:05:00.000Z',
      step: 9,
      evaluations_used: 200,
      best_candidate: 4,
      best_score: 0.8,
    },
  ]);
  // The last call ends 2.5 s after it started, past the last commit.
  const call = { role: 'task', provider: 'sim', model: 'task', cached: 0 };
  plantRows(database, 'model_calls', [
    { ...call, started_at: '2026-01-01T10:00:00.500Z', duration_ms: 10 },
    { ...call, started_at: '2026-01-01T10:06:00.000Z', duration_ms: 2500 },
  ]);
  plantRows(
    database,
    'synthesis_events',
    [
      [0, 0],
      [1, 1],
      [2, 2],
    ].map(([event, epoch]) => ({
      event,
      step: 1,
      epoch,
      evaluations_used: 10,
      attempts: 1,
      admitted: 1,
      accounting: '{}',
    })),
  );
  let observation = 0;
  const assign = (epoch: number, mode: string | null, action = 'assign') =>
    plantRows(database, 'assignments', [
      {
        step: 1,
        observation_id: `o${++observation}`,
        epoch,
        action,
        mode_id: mode,
        mode_name: mode,
      },
    ]);
  const create = (epoch: number, id: string, name: string) =>
    plantRows(database, 'failure_modes', [
      {
        mode_id: id,
        epoch,
        name,
        description: `${name} described`,
        step: 1,
        change: 'create',
        observation_id: 'o',
      },
    ]);
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
    plantRows(database, 'test_scores', [
      { candidate, instance_id: instance, repeat, score: value },
    ]);
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
    try {
      // Started at 10:00, last saved at 10:05, killed; resumed the next day at 09:00, a commit at
      // 09:02, killed before saving anything else; resumed at 12:00 and finished at 12:03.
      const commit = { best_candidate: 4, best_score: 0.8 };
      plantRows(database, 'commits', [
        { ...commit, created_at: '2026-01-02T09:02:00.000Z', step: 12, evaluations_used: 260 },
        { ...commit, created_at: '2026-01-02T12:03:00.000Z', step: 20, evaluations_used: 400 },
      ]);
      const starts = [
        '2026-01-01T10:00:00.200Z',
        '2026-01-02T09:00:00.000Z',
        '2026-01-02T12:00:00.000Z',
      ];
      const invocations = (value: string) =>
        plantRows(database, 'meta', [{ key: 'invocations', value }]);
      invocations(JSON.stringify(starts));
      expect(loadSuiteCellDetails(database).wallTime).toEqual({
        startedAt: '2026-01-01T10:00:00.000Z',
        endedAt: '2026-01-02T12:03:00.000Z',
        // 10:00:00 → 10:05:00, 09:00 → 09:02, 12:00 → 12:03.
        milliseconds: 300_000 + 120_000 + 180_000,
        invocations: 3,
      });
      // One invocation: the span, as for a run that recorded none.
      invocations(JSON.stringify(starts.slice(0, 1)));
      expect(loadSuiteCellDetails(database).wallTime?.milliseconds).toBe(
        Date.parse('2026-01-02T12:03:00.000Z') - Date.parse('2026-01-01T10:00:00.000Z'),
      );
      // A hand-edited or hostile value is not trusted: the span again, and no count.
      for (const value of ['not json', '{"a":1}', '[1, 2]', '["yesterday"]', '[]']) {
        invocations(value);
        expect(loadSuiteCellDetails(database).wallTime?.invocations, value).toBeUndefined();
      }
    } finally {
      database.close();
    }
  });

  it('has no windows, test scores or wall time for a run that recorded none', () => {
    const database = openRunDatabase(join(root, 'empty'));
    try {
      deleteRows(database, 'meta', { key: 'created_at' });
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
