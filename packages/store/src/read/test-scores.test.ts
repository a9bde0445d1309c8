import { afterAll, describe, expect, it } from 'vitest';
import { freshRunDatabase } from '../testing/fresh-run-database.js';
import { plantRows } from '../testing/plant-rows.js';
import {
  readInstanceTestScores,
  readMeanTestScore,
  readTestedCandidates,
  readTestScores,
} from './test-scores.js';

const run = freshRunDatabase();
afterAll(run.remove);

describe('the test-score readers', () => {
  it('read nothing for a run never tested', () => {
    expect(readTestedCandidates(run.database)).toEqual([]);
    expect(readTestScores(run.database, 0)).toEqual([]);
    expect(readInstanceTestScores(run.database, 0)).toEqual([]);
    expect(readMeanTestScore(run.database, 0)).toBeUndefined();
  });

  it('average repeats per instance, then instances, candidate by candidate', () => {
    plantRows(run.database, 'test_scores', [
      { candidate: 3, instance_id: 'x2', repeat: 0, score: 1 },
      { candidate: 3, instance_id: 'x1', repeat: 1, score: 1 },
      { candidate: 3, instance_id: 'x1', repeat: 0, score: 0 },
      { candidate: 0, instance_id: 'x1', repeat: 0, score: 0.25 },
    ]);
    expect(readTestedCandidates(run.database)).toEqual([0, 3]);
    expect(readTestScores(run.database, 3)).toEqual([
      { instanceId: 'x1', repeat: 0, score: 0 },
      { instanceId: 'x1', repeat: 1, score: 1 },
      { instanceId: 'x2', repeat: 0, score: 1 },
    ]);
    expect(readInstanceTestScores(run.database, 3)).toEqual([
      { instanceId: 'x1', score: 0.5, repeats: 2 },
      { instanceId: 'x2', score: 1, repeats: 1 },
    ]);
    // (0.5 + 1) / 2, not the mean of the three rows.
    expect(readMeanTestScore(run.database, 3)).toBe(0.75);
    expect(readMeanTestScore(run.database, 0)).toBe(0.25);
  });
});
