import type { SuiteCellDetails } from '@forge/report';
import {
  type SuiteProvenance,
  type SuiteResults,
  type SuiteSetting,
  suiteProvenance,
} from '@forge/suite';
import { forgeVersion } from '../optional/package-version.js';

/**
 * A suite's provenance as this Forge writes it: its own version, the versions the cells record,
 * the settings, and the latest activity any cell's run database recorded (its last commit or
 * call), so the tables say when their numbers were made — the same on every rewrite of the same
 * results.
 */
export function suiteProvenanceOf(options: {
  readonly results: SuiteResults;
  readonly settings: readonly SuiteSetting[];
  readonly cellDetails: Readonly<Record<string, SuiteCellDetails>>;
}): SuiteProvenance {
  const ends = Object.values(options.cellDetails)
    .map((details) => details.wallTime?.endedAt)
    .filter((end): end is string => end !== undefined)
    .sort();
  const last = ends.at(-1);
  return suiteProvenance({
    results: options.results,
    writtenBy: forgeVersion(),
    settings: options.settings,
    ...(last === undefined ? {} : { resultsUpTo: last }),
  });
}
