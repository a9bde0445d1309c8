import { afterAll, describe, expect, it } from 'vitest';
import { freshRunDatabase } from '../testing/fresh-run-database.js';
import { plantRows } from '../testing/plant-rows.js';
import { readActionLogCounts, readIntegrityProblems } from './run-consistency.js';

const run = freshRunDatabase();
afterAll(run.remove);

describe('readIntegrityProblems and readActionLogCounts', () => {
  it('find an intact file intact and count the action log apart from the tables built from it', () => {
    expect(readIntegrityProblems(run.database)).toEqual([]);
    plantRows(run.database, 'actions', [
      { seq: 1, commit_seq: 1, type: 'seed-evaluated', step: null, payload: '{}' },
      { seq: 2, commit_seq: 2, type: 'step-completed', step: 1, payload: '{}' },
      { seq: 3, commit_seq: 2, type: 'step-completed', step: 2, payload: '{}' },
    ]);
    plantRows(run.database, 'commits', [
      {
        commit_seq: 1,
        created_at: 't',
        step: 0,
        evaluations_used: 1,
        best_candidate: 0,
        best_score: null,
      },
    ]);
    expect(readActionLogCounts(run.database)).toEqual({
      steps: 0,
      stepActions: 2,
      commits: 1,
      actionCommits: 2,
    });
  });
});
