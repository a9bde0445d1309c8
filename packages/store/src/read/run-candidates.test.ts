import { afterAll, describe, expect, it } from 'vitest';
import { freshRunDatabase } from '../testing/fresh-run-database.js';
import { plantRows } from '../testing/plant-rows.js';
import { readRunCandidates } from './run-candidates.js';
import { readRunProgress } from './run-progress.js';

const run = freshRunDatabase();
afterAll(run.remove);

describe('readRunCandidates and readRunProgress', () => {
  it('read an empty run as not started', () => {
    expect(readRunCandidates(run.database)).toEqual([]);
    expect(readRunProgress(run.database)).toEqual({ steps: 0, evaluationsUsed: 0 });
  });

  it('read candidates in index order and where the run stands at its last commit', () => {
    plantRows(run.database, 'candidates', [
      {
        candidate: 1,
        parent: 0,
        module: 'answer',
        step: 2,
        validation_score: 0.75,
        evaluations_at_discovery: 30,
        prompts: '{"answer":"b"}',
      },
      {
        candidate: 0,
        parent: null,
        module: null,
        step: null,
        validation_score: 0.5,
        evaluations_at_discovery: 0,
        prompts: '{"answer":"a"}',
      },
    ]);
    plantRows(run.database, 'commits', [
      {
        commit_seq: 1,
        created_at: '2026-01-01T00:00:00.000Z',
        step: 0,
        evaluations_used: 10,
        best_candidate: 0,
        best_score: 0.5,
      },
      {
        commit_seq: 2,
        created_at: '2026-01-01T00:01:00.000Z',
        step: 2,
        evaluations_used: 40,
        best_candidate: 1,
        best_score: 0.75,
      },
    ]);
    expect(readRunCandidates(run.database)).toEqual([
      {
        candidate: 0,
        parent: null,
        module: null,
        step: null,
        validationScore: 0.5,
        evaluationsAtDiscovery: 0,
        promptsJson: '{"answer":"a"}',
      },
      {
        candidate: 1,
        parent: 0,
        module: 'answer',
        step: 2,
        validationScore: 0.75,
        evaluationsAtDiscovery: 30,
        promptsJson: '{"answer":"b"}',
      },
    ]);
    expect(readRunProgress(run.database)).toEqual({
      steps: 2,
      evaluationsUsed: 40,
      seedScore: 0.5,
      bestScore: 0.75,
    });
  });
});
