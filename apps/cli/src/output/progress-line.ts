import { percent } from './terminal.js';

/** What the progress line shows. */
export interface Progress {
  /** Evaluations spent. */
  readonly evaluationsUsed: number;
  /** The evaluation budget. */
  readonly maxEvaluations: number;
  /** Completed steps. */
  readonly steps: number;
  /** Candidates in the pool. */
  readonly candidates: number;
  /** The best mean validation score so far. */
  readonly bestScore: number;
  /** What the run is doing now, e.g. `synthesis event 0`. */
  readonly activity?: string;
}

/** Colours for the bar; identity functions when colour is off. */
export interface ProgressColors {
  readonly cyan: (text: string) => string;
  readonly dim: (text: string) => string;
}

function bar(progress: Progress, width: number, colors: ProgressColors): string {
  const filled =
    progress.maxEvaluations <= 0
      ? 0
      : Math.min(width, Math.round((progress.evaluationsUsed / progress.maxEvaluations) * width));
  return `${colors.cyan('█'.repeat(filled))}${colors.dim('░'.repeat(width - filled))}`;
}

/**
 * The one-row progress display, fitted to `columns`: the widest form that fits, down to a bare
 * count, and cut as a last resort. One row always, so redrawing it in place never leaves a
 * wrapped remainder behind on a narrow terminal.
 */
export function formatProgress(
  progress: Progress,
  columns: number,
  colors: ProgressColors,
): string {
  const room = Math.max(1, columns - 1);
  const counts = `${progress.evaluationsUsed}/${progress.maxEvaluations}`;
  const best = percent(progress.bestScore);
  const activity = progress.activity === undefined ? '' : ` · ${progress.activity}`;
  const forms: [number, string][] = [
    [
      24,
      `${counts} evaluations · step ${progress.steps} · ${progress.candidates} candidates · best ${best}${activity}`,
    ],
    [
      24,
      `${counts} evaluations · step ${progress.steps} · ${progress.candidates} candidates · best ${best}`,
    ],
    [16, `${counts} evals · step ${progress.steps} · best ${best}`],
    [10, `${counts} · step ${progress.steps} · best ${best}`],
    [0, `${counts} · best ${best}`],
  ];
  for (const [barWidth, text] of forms) {
    const width = (barWidth === 0 ? 0 : barWidth + 1) + text.length;
    if (width <= room) return barWidth === 0 ? text : `${bar(progress, barWidth, colors)} ${text}`;
  }
  const last = forms.at(-1)?.[1] ?? '';
  return last.length <= room ? last : `${last.slice(0, Math.max(0, room - 1))}…`;
}
