import {
  type RunDatabase,
  readFailureModeSupport,
  readInstanceTestScores,
  readRunUsage,
  readRunWallTime,
  readSynthesisEvents,
  readTestedCandidates,
} from '@forge/store';
import type {
  SuiteCellDetails,
  SuiteCellFailureModes,
  SuiteCellFailureModeWindow,
  SuiteCellTestScores,
  SuiteCellWallTime,
} from './suite-cell-details.js';

/** Options of `loadSuiteCellDetails`. */
export interface LoadSuiteCellDetailsOptions {
  /**
   * The run's selected candidate (its `result.json`'s `bestCandidate`). When absent or without
   * test rows, the highest candidate with test rows is taken (a run tests its seed and its best).
   */
  readonly bestCandidate?: number;
  /**
   * Also read what the run spent by role (`readRunUsage`, which sums every model call: a scan of
   * the run's calls, so only exports ask for it, not the report redrawn after every cell).
   */
  readonly usage?: boolean;
}

/**
 * Reads what the suite report shows of one cell from its run database, in one read
 * transaction, through the store's readers: wall time, Figure 3(b)/(c)'s failure-mode windows, the best
 * candidate's test score per instance, and on request (through the store's `readRunUsage`) what
 * it spent by role.
 */
export function loadSuiteCellDetails(
  database: RunDatabase,
  options: LoadSuiteCellDetailsOptions = {},
): SuiteCellDetails {
  return database.transaction(() => {
    const wallTime = loadWallTime(database);
    const failureModes = loadFailureModes(database);
    const test = loadTestScores(database, options.bestCandidate);
    return {
      ...(wallTime === undefined ? {} : { wallTime }),
      ...(failureModes === undefined ? {} : { failureModes }),
      ...(test === undefined ? {} : { test }),
      ...(options.usage === true ? { usage: readRunUsage(database) } : {}),
    };
  })();
}

function loadWallTime(database: RunDatabase): SuiteCellWallTime | undefined {
  return readRunWallTime(database);
}

function loadFailureModes(database: RunDatabase): SuiteCellFailureModes | undefined {
  const events = readSynthesisEvents(database);
  const first = events[0];
  const final = events.at(-1);
  if (first === undefined || final === undefined) return undefined;
  // A mode's name and description as the window left them (a later rename in it included).
  const windowOf = (event: { event: number; epoch: number }): SuiteCellFailureModeWindow => ({
    event: event.event,
    modes: readFailureModeSupport(database, event.epoch).map((mode) => ({
      name: mode.name,
      description: mode.description,
      failures: mode.failures,
    })),
  });
  return { events: events.length, first: windowOf(first), final: windowOf(final) };
}

function loadTestScores(
  database: RunDatabase,
  bestCandidate: number | undefined,
): SuiteCellTestScores | undefined {
  const tested = readTestedCandidates(database);
  const candidate =
    bestCandidate !== undefined && tested.includes(bestCandidate) ? bestCandidate : tested.at(-1);
  if (candidate === undefined) return undefined;
  const rows = readInstanceTestScores(database, candidate);
  return {
    candidate,
    repeats: Math.max(1, ...rows.map((row) => row.repeats)),
    // Own properties whatever the ids are (an id may be `__proto__`).
    scores: Object.fromEntries(rows.map((row) => [row.instanceId, row.score])),
  };
}
