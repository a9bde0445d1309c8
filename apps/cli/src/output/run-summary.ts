import { terminalSafe } from '@forge/provider';
import type { OptimizeResult } from '@forge/sdk';
import { testSplitCommand } from './run-renderer.js';
import { colors, type OutputMode, percent, type Terminal, table } from './terminal.js';

/** The run's cost: dollars, and `unpriced` for models without a price (their cost is unknown). */
function costText(result: OptimizeResult): string {
  const dollars = `$${result.costUsd.toFixed(result.costUsd > 0 && result.costUsd < 0.01 ? 4 : 2)}`;
  if (result.unpricedModels.length === 0) return `cost ${dollars}`;
  return `cost ${dollars} + unpriced (no price for ${result.unpricedModels.join(', ')})`;
}

/** Each role's share of the run's cost (over every invocation of the run), cache hits apart. */
function roleCostText(result: OptimizeResult): string | undefined {
  const entries = Object.entries(result.usage);
  if (entries.length === 0) return undefined;
  const parts = entries.map(([role, usage]) => {
    const cached = usage.cachedCalls > 0 ? `, ${usage.cachedCalls} cached` : '';
    return `${role} $${money(usage.costUsd)} (${usage.calls} calls${cached})`;
  });
  return `by role: ${parts.join(', ')}`;
}

/** Each optimizer role's answers and how many of them could not be used, and why. */
function answersText(result: OptimizeResult): string | undefined {
  const entries = Object.entries(result.answers);
  if (entries.length === 0) return undefined;
  const parts = entries.map(([role, { total, unusable, reasons }]) => {
    const why = Object.entries(reasons)
      .map(([reason, count]) => `${reason} ${count}`)
      .join(', ');
    return `${role} ${total} (${unusable} unusable${why === '' ? '' : `: ${why}`})`;
  });
  return `optimizer answers: ${parts.join('; ')}`;
}

/**
 * Why the run stopped. A perfect-score stop (core's reason starts with `perfect score`) names the
 * flag that keeps searching, since it ended before the budget.
 */
function stopText(reason: string): string {
  return reason.startsWith('perfect score')
    ? `stopped: ${reason}: the maximum, reached before the budget; --no-perfect-stop keeps searching`
    : `stopped: ${reason}`;
}

function money(usd: number): string {
  return usd.toFixed(usd > 0 && usd < 0.01 ? 4 : 2);
}

/** The summary table printed when a run ends (seed vs best, candidates, synthesis accounting). */
export function printRunSummary(
  terminal: Terminal,
  mode: OutputMode,
  result: OptimizeResult,
): void {
  if (mode === 'json') return;
  const color = colors(mode, terminal.environment);
  const events = result.search?.state.synthesis ?? [];
  const rows: string[][] = [
    ['', 'validation', 'test'],
    ['seed candidate', percent(result.seedScore), percent(result.testSeedScore)],
    [
      `best candidate (${result.bestCandidate})`,
      color.bold(percent(result.bestScore)),
      color.bold(percent(result.testBestScore)),
    ],
  ];
  const lines = [
    '',
    color.bold(
      result.simulated
        ? `${title(result)} run summary — SIMULATED (offline simulated models, not a real LLM)`
        : `${title(result)} run summary`,
    ),
    table(rows),
    '',
    stopText(result.reason),
    `${result.steps} steps, ${result.candidates} candidates, ${result.evaluationsUsed} task evaluations, ` +
      costText(result),
  ];
  const roles = roleCostText(result);
  if (roles !== undefined) lines.push(roles);
  const answers = answersText(result);
  if (answers !== undefined) lines.push(answers);
  if (result.testBestScore === undefined && result.reason === 'stop requested') {
    lines.push(
      `test split not evaluated (stopped early); evaluate it with: ${testSplitCommand(result.runDir)}`,
    );
  }
  for (const warning of result.warnings) {
    lines.push(`${color.yellow('warning:')} ${terminalSafe(warning.message)}`);
  }
  if (events.length > 0) {
    lines.push('', 'synthesis events (attempts → outcomes):');
    const outcomeNames = [
      'admitted',
      'generation-failed',
      'verification-failed',
      'rejected-validity',
      'rejected-faithfulness',
      'rejected-both',
      'duplicate',
      'leaked',
    ];
    lines.push(
      table([
        ['event', 'step', 'attempts', ...outcomeNames],
        ...events.map((event) => [
          String(event.event),
          String(event.step),
          String(event.attempts),
          ...outcomeNames.map((name) => String(event.outcomes[name] ?? 0)),
        ]),
      ]),
    );
  } else if (result.search !== undefined) {
    lines.push('no synthesis event');
  }
  lines.push('', `run directory: ${result.runDir}`);
  if (result.files.includes('report.html')) lines.push(`report: ${result.runDir}/report.html`);
  terminal.out.write(`${lines.join('\n')}\n`);
}

function title(result: OptimizeResult): string {
  // Only Forge's variants carry the core's search result; a peer method is named by its id.
  if (result.search === undefined) return result.method;
  return result.method === 'forge' ? 'Forge' : `Forge (${result.method})`;
}
