import { type RunDatabase, readRunVersion } from '@forge/store';

/**
 * A string that changes whenever the run saves something the report shows: a commit (a step,
 * the seed's validation pass, a synthesis event), a journaled synthesis attempt, a test score
 * or a status change. Cheap enough to ask once a second.
 */
export function runVersion(database: RunDatabase): string {
  return readRunVersion(database);
}
