import { afterAll, describe, expect, it } from 'vitest';
import { freshRunDatabase } from '../testing/fresh-run-database.js';
import { plantRows } from '../testing/plant-rows.js';
import { readRunMeta } from './run-meta.js';
import { readRunVersion } from './run-version.js';

const run = freshRunDatabase();
afterAll(run.remove);

describe('readRunMeta and readRunVersion', () => {
  it('read every meta key, and a version that moves with commits, tests, the journal and the status', () => {
    const start = readRunVersion(run.database);
    expect(start).toBe('0.0.0.');
    plantRows(run.database, 'meta', [
      { key: 'status', value: 'running' },
      { key: 'benchmark', value: 'toy' },
    ]);
    expect(readRunMeta(run.database)).toEqual(
      new Map([
        ['status', 'running'],
        ['benchmark', 'toy'],
      ]),
    );
    const versions = [readRunVersion(run.database)];
    plantRows(run.database, 'commits', [
      {
        commit_seq: 4,
        created_at: '2026-01-01T00:00:00.000Z',
        step: 1,
        evaluations_used: 3,
        best_candidate: 0,
        best_score: null,
      },
    ]);
    versions.push(readRunVersion(run.database));
    plantRows(run.database, 'test_scores', [
      { candidate: 0, instance_id: 'x', repeat: 0, score: 1 },
    ]);
    versions.push(readRunVersion(run.database));
    plantRows(run.database, 'synthesis_journal', [{ event: 0, slot: 0, record: '{}' }]);
    versions.push(readRunVersion(run.database));
    plantRows(run.database, 'meta', [{ key: 'status', value: 'completed' }]);
    versions.push(readRunVersion(run.database));
    expect(versions).toEqual([
      '0.0.0.running',
      '4.0.0.running',
      '4.0.1.running',
      '4.1.1.running',
      '4.1.1.completed',
    ]);
  });
});
