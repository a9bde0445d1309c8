import { readSuiteCellDetails, type SuiteCellDetails } from '@forge/report';
import type { CellInstanceScores, SuiteResults } from '@forge/suite';

/** What a suite's outputs read from its cells' run databases, beyond `results.json`. */
export interface SuiteCellReading {
  /** Each finished cell's details (wall time, failure modes, per-instance test scores), by id. */
  readonly cellDetails: Readonly<Record<string, SuiteCellDetails>>;
  /** Each cell's per-instance test scores, by id: the tables' intervals, tests and test-set sizes. */
  readonly instanceScores: CellInstanceScores;
}

/**
 * Reads every finished cell's run database once (read-only, `readSuiteCellDetails`) for the
 * tables' statistics and the report's panels, so both are drawn from the same reading.
 */
export function readSuiteCells(
  dir: string,
  results: SuiteResults,
  options: {
    /** Also read each run's usage by role (a scan of its calls: exports ask, rewrites do not). */
    readonly usage?: boolean;
  } = {},
): SuiteCellReading {
  const cellDetails = readSuiteCellDetails(dir, results.cells, options);
  const instanceScores: Record<string, Readonly<Record<string, number>>> = {};
  for (const [id, details] of Object.entries(cellDetails)) {
    if (details.test === undefined) continue;
    // Own properties whatever the ids are (an id may be `__proto__`).
    Object.defineProperty(instanceScores, id, {
      value: details.test.scores,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { cellDetails, instanceScores };
}
