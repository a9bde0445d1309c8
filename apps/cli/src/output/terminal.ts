import pc from 'picocolors';

/** How a command writes: a person at a terminal, plain lines for logs and pipes, or JSON events. */
export type OutputMode = 'tty' | 'plain' | 'json';

/** Where output goes; injectable for tests. */
export interface Terminal {
  /** Standard output (results, JSON events). */
  readonly out: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** Standard error (progress, warnings, errors). */
  readonly err: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** Environment (CI, NO_COLOR). */
  readonly environment: Record<string, string | undefined>;
}

/** Picks the mode: `--json` wins; a TTY outside CI gets the human display; anything else plain lines. */
export function outputMode(terminal: Terminal, json: boolean): OutputMode {
  if (json) return 'json';
  return terminal.err.isTTY && terminal.environment['CI'] !== 'true' ? 'tty' : 'plain';
}

/** Colours when the mode allows them. */
export function colors(mode: OutputMode, environment: Record<string, string | undefined>) {
  const enabled = mode === 'tty' && environment['NO_COLOR'] === undefined;
  return pc.createColors(enabled);
}

/** Formats a score as a percentage. */
export function percent(score: number | undefined): string {
  return score === undefined ? '–' : `${(score * 100).toFixed(1)}%`;
}

/** Draws a plain text table. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    for (const [index, cell] of row.entries()) {
      widths[index] = Math.max(widths[index] ?? 0, visibleLength(cell));
    }
  }
  return rows
    .map((row) =>
      row
        .map((cell, index) => cell + ' '.repeat((widths[index] ?? 0) - visibleLength(cell)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function visibleLength(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
  return text.replace(/\u001b\[[0-9;]*m/g, '').length;
}
