import type { RunReportFailureModeWindow } from '../data/run-report-data.js';
import { finiteOr } from '../primitives/finite-or.js';

/** One failure mode's share of its window's failures. */
export interface FailureModeShare {
  /** The mode's name. */
  readonly name: string;
  /** What goes wrong. */
  readonly description: string;
  /** Failures assigned to it. */
  readonly failures: number;
  /** `failures / total` of its window, in (0, 1]. */
  readonly share: number;
}

/** A window's modes with their shares, largest first. */
export interface FailureModeShareWindow {
  /** What the window is. */
  readonly label: string;
  /** The synthesis event the window ends at. */
  readonly event: number;
  /** All failures in the window. */
  readonly total: number;
  /** Modes with at least one failure, by failures descending, then name. */
  readonly modes: readonly FailureModeShare[];
  /** Modes with no failures, which a log scale cannot place. */
  readonly emptyModes: number;
}

/** Computes each mode's share of its window; negative or non-finite counts count as zero. */
export function failureModeShares(
  windows: readonly RunReportFailureModeWindow[],
): FailureModeShareWindow[] {
  return windows.map((window) => {
    const counted = window.modes.map((mode) => ({
      name: mode.name,
      description: mode.description,
      failures: Math.max(0, finiteOr(mode.failures, 0)),
    }));
    const total = counted.reduce((sum, mode) => sum + mode.failures, 0);
    const modes = counted
      .filter((mode) => mode.failures > 0)
      .map((mode) => ({ ...mode, share: mode.failures / total }))
      .sort((a, b) => b.failures - a.failures || a.name.localeCompare(b.name));
    return {
      label: window.label,
      event: window.event,
      total,
      modes,
      emptyModes: counted.length - modes.length,
    };
  });
}

/**
 * A point's radius so that its area is proportional to its failures. The floor keeps a
 * one-failure mode visible and hoverable; above it areas stay exactly proportional.
 */
export function pointRadius(failures: number, maxFailures: number, maxRadius: number): number {
  if (!(maxFailures > 0) || !(failures > 0)) return 0;
  return Math.max(3, maxRadius * Math.sqrt(Math.min(failures, maxFailures) / maxFailures));
}
