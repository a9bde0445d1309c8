import { afterAll, describe, expect, it } from 'vitest';
import { freshRunDatabase } from '../testing/fresh-run-database.js';
import { plantRows } from '../testing/plant-rows.js';
import { readRunWallTime } from './run-wall-time.js';

const runs = [freshRunDatabase(), freshRunDatabase()];
afterAll(() => {
  for (const run of runs) run.remove();
});

const commit = (seq: number, at: string) => ({
  commit_seq: seq,
  created_at: at,
  step: seq,
  evaluations_used: seq,
  best_candidate: 0,
  best_score: null,
});

const call = (seq: number, at: string, durationMs: number) => ({
  seq,
  started_at: at,
  role: 'task',
  provider: 'sim',
  model: 'm',
  duration_ms: durationMs,
  cached: 0,
});

describe('readRunWallTime', () => {
  it('spans the creation, the commits and the calls of a run started once', () => {
    const database = runs[0]!.database;
    expect(readRunWallTime(database)).toBeUndefined();
    plantRows(database, 'meta', [{ key: 'created_at', value: '2026-01-01T00:00:00.000Z' }]);
    plantRows(database, 'commits', [commit(1, '2026-01-01T00:00:10.000Z')]);
    plantRows(database, 'model_calls', [call(1, '2026-01-01T00:00:20.000Z', 5000)]);
    expect(readRunWallTime(database)).toEqual({
      startedAt: '2026-01-01T00:00:00.000Z',
      endedAt: '2026-01-01T00:00:25.000Z',
      milliseconds: 25_000,
    });
  });

  it('leaves out the pause between a stopped invocation and its resumption', () => {
    const database = runs[1]!.database;
    plantRows(database, 'meta', [
      { key: 'created_at', value: '2026-01-01T00:00:00.000Z' },
      { key: 'invocations', value: '["2026-01-01T00:00:00.000Z","2026-01-01T01:00:00.000Z"]' },
    ]);
    plantRows(database, 'commits', [
      commit(1, '2026-01-01T00:00:30.000Z'),
      commit(2, '2026-01-01T01:00:40.000Z'),
    ]);
    expect(readRunWallTime(database)).toEqual({
      startedAt: '2026-01-01T00:00:00.000Z',
      endedAt: '2026-01-01T01:00:40.000Z',
      milliseconds: 30_000 + 40_000,
      invocations: 2,
    });
  });
});
