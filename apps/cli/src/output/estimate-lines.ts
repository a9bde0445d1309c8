import type {
  RoleEstimate,
  SuiteCapExcess,
  SuiteEstimateRow,
  SuiteExpectedMethod,
} from '@forge/sdk';
import { table } from './terminal.js';

/** What an estimate prints below its headline: one row per role, the total, the assumptions. */
interface EstimateBody {
  /** Per role (a run) or per benchmark × method × role (a suite, when `rows` is given). */
  readonly roles: readonly RoleEstimate[];
  /** A suite's rows by benchmark × method × role. */
  readonly rows?: readonly SuiteEstimateRow[];
  /** Total USD of the priced roles. */
  readonly usd: number;
  /** Models without a price. */
  readonly unpricedModels: readonly string[];
  /** The assumptions, in words. */
  readonly assumptions: readonly string[];
}

/** A count with thousands separators: `1,234,567`. */
export function thousands(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** A duration in words a reader takes in at a glance: `45 s`, `12 min`, `3 h 20 min`, `2 d 4 h`. */
export function duration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h${minutes % 60 === 0 ? '' : ` ${minutes % 60} min`}`;
  const days = Math.floor(hours / 24);
  return `${days} d${hours % 24 === 0 ? '' : ` ${hours % 24} h`}`;
}

/** The two figures a dry run leads with: what a run typically spends, and what the caps allow. */
export interface EstimateFigures {
  /** The expected figure. */
  readonly expected: {
    /** Task evaluations of the search(es). */
    readonly evaluations: number;
    /** USD of the priced roles. */
    readonly usd: number;
    /** Wall time in seconds at the stated throughput. */
    readonly wallSeconds: number;
    /** Where it comes from (a run), or per method (a suite). */
    readonly basis?: readonly string[];
    /** A suite's per-method shares. */
    readonly methods?: readonly SuiteExpectedMethod[];
  };
  /** Upper bound: task evaluations. */
  readonly evaluations: number;
  /** Upper bound: USD. */
  readonly usd: number;
  /** Where the upper bound comes from. */
  readonly upperBoundBasis: string;
}

/**
 * The lines a dry run leads with: the expected figure (evaluations, USD, wall time) and where it
 * comes from — per method for a suite — then the upper bound and where it comes from (the table
 * below breaks the upper bound down).
 */
export function expectedLines(figures: EstimateFigures, upperWallSeconds: number): string {
  const { expected } = figures;
  return `${[
    `expected: about ${thousands(expected.evaluations)} task evaluations, $${expected.usd.toFixed(2)}, wall time about ${duration(expected.wallSeconds)}`,
    ...(expected.basis ?? []).map((line) => `  - ${line}`),
    ...(expected.methods ?? []).map(
      (share) =>
        `  - ${share.method} (${share.cells} cell${share.cells === 1 ? '' : 's'}): ${thousands(share.evaluations)} evaluations, $${share.usd.toFixed(2)} — ${share.basis}`,
    ),
    `upper bound: ${thousands(figures.evaluations)} task evaluations, $${figures.usd.toFixed(2)}, wall time about ${duration(upperWallSeconds)} — ${figures.upperBoundBasis}; by role:`,
  ].join('\n')}\n`;
}

/**
 * The text of `forge optimize --dry-run` and `forge suite --dry-run`: `headline`, a table of
 * calls, tokens, cost and wall time by role (by benchmark × method × role for a suite), the
 * total (naming models without a price) and the assumptions behind it.
 */
export function estimateLines(headline: string, estimate: EstimateBody): string {
  const money = (usd: number | undefined) =>
    usd === undefined ? 'no price' : `$${usd.toFixed(2)}`;
  const figures = (role: RoleEstimate) => [
    role.role,
    role.model,
    thousands(role.calls),
    thousands(role.inputTokens),
    thousands(role.outputTokens),
    money(role.usd),
    duration(role.wallSeconds),
  ];
  const header = ['role', 'model', 'calls', 'input tokens', 'output tokens', 'USD', 'wall time'];
  const rows =
    estimate.rows === undefined
      ? [header, ...estimate.roles.map(figures)]
      : [
          ['benchmark', 'method', ...header],
          ...estimate.rows.map((row) => [row.benchmark, row.method, ...figures(row)]),
        ];
  const wall = (estimate.rows ?? estimate.roles).reduce((total, row) => total + row.wallSeconds, 0);
  return `${[
    headline,
    table(rows),
    `upper bound total: $${estimate.usd.toFixed(2)}${estimate.unpricedModels.length > 0 ? ` (no price for ${estimate.unpricedModels.join(', ')}; counted as $0)` : ''}; wall time about ${duration(wall)} at the stated throughput`,
    'assumptions:',
    ...estimate.assumptions.map((assumption) => `  - ${assumption}`),
  ].join('\n')}\n`;
}

/** The most cells `overCapLines` names one by one; `--json` lists every one. */
const overCapListed = 20;

/**
 * The dry run's warning about cells whose estimate exceeds a per-cell cap: how many of the
 * estimated cells, what happens to them, and each cell with the cap and its estimate (the first
 * `overCapListed`). Empty when none does.
 */
export function overCapLines(overCaps: readonly SuiteCapExcess[], cells: number): string {
  if (overCaps.length === 0) return '';
  const over = new Set(overCaps.map((excess) => excess.cell));
  const figure = (excess: SuiteCapExcess) => {
    switch (excess.cap) {
      case 'cost-cap':
        return `optimizer cost $${excess.estimated.toFixed(2)} > cap $${excess.limit}`;
      case 'token-cap':
        return `optimizer tokens ${thousands(excess.estimated)} > cap ${thousands(excess.limit)}`;
      case 'step-cap':
        return `steps ${thousands(excess.estimated)} > cap ${thousands(excess.limit)}`;
      case 'wall-time':
        return `wall time ${duration(excess.estimated * 60)} > cap ${excess.limit} min`;
    }
  };
  const byCell = new Map<string, string[]>();
  for (const excess of overCaps)
    byCell.set(excess.cell, [...(byCell.get(excess.cell) ?? []), figure(excess)]);
  const listed = [...byCell].slice(0, overCapListed);
  return `${[
    `over a cap: ${over.size} of ${cells} cell(s) are estimated past a per-cell cap, so the cap would stop them short: status "stopped", marked ‡ in the tables, and a stopped reference leaves its row's aligned cells refused unless alignment.allowTruncatedCeilings is set. Raise the cap or expect truncated runs (the estimate is an upper bound for aligned cells).`,
    ...listed.map(([cell, figures]) => `  ${cell}: ${figures.join('; ')}`),
    ...(byCell.size > listed.length
      ? [`  … and ${byCell.size - listed.length} more (--json lists every one under overCaps)`]
      : []),
  ].join('\n')}\n`;
}
