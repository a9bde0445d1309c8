import type { RunDatabase } from '../open-run-database.js';

/** One evaluation of a candidate on a test instance, as `test_scores` keeps it. */
export interface TestScoreRecord {
  /** The test instance. */
  readonly instanceId: string;
  /** Which evaluation of the instance (from 0; a benchmark may evaluate each several times). */
  readonly repeat: number;
  /** Its score. */
  readonly score: number;
}

/** A candidate's saved test scores by instance and repeat (empty when it was never tested). */
export function readTestScores(database: RunDatabase, candidate: number): TestScoreRecord[] {
  return database
    .prepare(
      'SELECT instance_id AS instanceId, repeat, score FROM test_scores WHERE candidate = ? ORDER BY instance_id, repeat',
    )
    .all(candidate) as TestScoreRecord[];
}

/** The candidates the run evaluated on the test split, in index order. */
export function readTestedCandidates(database: RunDatabase): number[] {
  return (
    database.prepare('SELECT DISTINCT candidate FROM test_scores ORDER BY candidate').all() as {
      candidate: number;
    }[]
  ).map((row) => row.candidate);
}

/** A candidate's score on one test instance, over its repeats. */
export interface InstanceTestScore {
  /** The test instance. */
  readonly instanceId: string;
  /** The mean of its repeats' scores. */
  readonly score: number;
  /** How many repeats were saved. */
  readonly repeats: number;
}

/** A candidate's test score instance by instance, in instance id order (empty when untested). */
export function readInstanceTestScores(
  database: RunDatabase,
  candidate: number,
): InstanceTestScore[] {
  return database
    .prepare(
      `SELECT instance_id AS instanceId, avg(score) AS score, count(*) AS repeats FROM test_scores
       WHERE candidate = ? GROUP BY instance_id ORDER BY instance_id`,
    )
    .all(candidate) as InstanceTestScore[];
}

/**
 * A candidate's test score: the mean over instances of each instance's mean over its repeats;
 * undefined when it was never tested.
 */
export function readMeanTestScore(database: RunDatabase, candidate: number): number | undefined {
  const row = database
    .prepare(
      'SELECT avg(score) AS score FROM (SELECT avg(score) AS score FROM test_scores WHERE candidate = ? GROUP BY instance_id)',
    )
    .get(candidate) as { score: number | null };
  return row.score ?? undefined;
}
