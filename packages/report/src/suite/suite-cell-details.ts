import type { RunUsage } from '@forge/store';
import type { RunReportFailureMode } from '../data/run-report-data.js';

/** A cell's wall time: how long its run ran, and its first and last recorded activity. */
export interface SuiteCellWallTime {
  /** The earliest timestamp the run recorded (ISO 8601): database creation, first commit or first model call. */
  readonly startedAt: string;
  /** The latest: its last commit or the end of its last model call (test evaluation included). */
  readonly endedAt: string;
  /**
   * How long the run ran, in milliseconds: `endedAt − startedAt` for a run started once; for a
   * run stopped and resumed, each invocation from its start to its last commit (the last one to
   * `endedAt`), summed, so the pauses between them are left out.
   */
  readonly milliseconds: number;
  /** How many times the run was started (1 for a run never resumed); absent for runs that did not record it. */
  readonly invocations?: number;
}

/** The failure modes the failure memory held in the synthesis epoch one event closed. */
export interface SuiteCellFailureModeWindow {
  /** The synthesis event that closed the window (numbered from 0). */
  readonly event: number;
  /** Its modes with their supporting failures (no-op assignments excluded), in creation order. */
  readonly modes: readonly RunReportFailureMode[];
}

/** A cell's failure modes before its first and before its final synthesis event (Figure 3b/c). */
export interface SuiteCellFailureModes {
  /** Synthesis events the run held. */
  readonly events: number;
  /** The window closed by the first event. */
  readonly first: SuiteCellFailureModeWindow;
  /** The window closed by the final event (the same window as `first` when one event ran). */
  readonly final: SuiteCellFailureModeWindow;
}

/** A cell's selected candidate on the test split, instance by instance. */
export interface SuiteCellTestScores {
  /** The candidate evaluated (the run's best; 0 when the seed is the best). */
  readonly candidate: number;
  /** Evaluations per instance (AIME: 3); `scores` are the means over them. */
  readonly repeats: number;
  /** Test instance id → mean score in [0, 1]. */
  readonly scores: Readonly<Record<string, number>>;
}

/**
 * What the suite report reads from one cell's run database when it is drawn. None of it is
 * stored in `results.json` (whose compared fields decide resume and shard-merge equality).
 */
export interface SuiteCellDetails {
  /** First to last recorded activity; absent when the run recorded no timestamp. */
  readonly wallTime?: SuiteCellWallTime;
  /** Failure modes before the first and the final synthesis event; absent when no event ran. */
  readonly failureModes?: SuiteCellFailureModes;
  /** The best candidate's test scores per instance; absent when the test split was not evaluated. */
  readonly test?: SuiteCellTestScores;
  /** What the run spent, in total and by role (calls, tokens, USD), over every invocation; read on request. */
  readonly usage?: RunUsage;
}
