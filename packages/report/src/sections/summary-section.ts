import type { RunReportData } from '../data/run-report-data.js';
import { escapeHtml } from '../primitives/escape-html.js';
import { finiteOr } from '../primitives/finite-or.js';
import { formatCount, formatScore, formatUsd } from '../primitives/format-value.js';

function row(label: string, value: string, note = ''): string {
  const noteMarkup = note === '' ? '' : ` <span class="muted">${escapeHtml(note)}</span>`;
  return `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}${noteMarkup}</td></tr>`;
}

/** The run's cost, saying `unpriced` for what no price table covers. */
function costText(data: RunReportData): [string, string] {
  const priced = data.usage.reduce((total, usage) => total + finiteOr(usage.costUsd, 0), 0);
  if (data.unpricedModels.length === 0) return [formatUsd(priced), ''];
  const roles = data.usage.filter((usage) => (usage.unpricedModels?.length ?? 0) > 0);
  const allUnpriced = roles.length === data.usage.length;
  return [
    allUnpriced ? 'unpriced' : `${formatUsd(priced)} + unpriced`,
    `(no price for ${data.unpricedModels.join(', ')})`,
  ];
}

function formatDelta(seed: number, best: number): string {
  if (!Number.isFinite(seed) || !Number.isFinite(best)) return '';
  const delta = best - seed;
  const text = formatScore(Math.abs(delta));
  return delta >= 0 ? `+${text} over the seed` : `−${text} below the seed`;
}

/** The banner a simulated run carries, so nobody mistakes its numbers for real results. */
export function renderSimulatedBanner(simulated: boolean): string {
  if (!simulated) return '';
  return (
    '<div class="banner banner-simulated" role="note"><strong>Simulated run.</strong> ' +
    "This run used Forge's offline simulated world: no real model was called, and its numbers " +
    'say nothing about how real models perform.</div>'
  );
}

/** A notice for runs that failed, were stopped or are still running. */
export function renderStatusBanner(data: RunReportData): string {
  const { status, stopReason } = data.run;
  if (status === 'completed') return '';
  const reason = stopReason ? `: ${escapeHtml(stopReason)}` : '.';
  const messages: Record<Exclude<typeof status, 'completed'>, string> = {
    running: '<strong>Run in progress.</strong> This report is a snapshot of it.',
    stopped: `<strong>Run stopped</strong>${reason}`,
    failed: `<strong>Run failed</strong>${reason}`,
    interrupted:
      '<strong>Run interrupted.</strong> It was saved as running, but the process writing it is gone ' +
      '(killed or crashed). Everything up to its last completed step is saved; ' +
      '<code>forge optimize --resume</code> continues it.',
  };
  return `<div class="banner banner-${status}" role="note">${messages[status]}</div>`;
}

/** The headline and the summary tables: results on one side, the run's identity on the other. */
export function renderSummarySection(data: RunReportData): string {
  const { summary, run } = data;
  const budget =
    Number.isFinite(summary.maxEvaluations) && summary.maxEvaluations > 0
      ? ` of ${formatCount(summary.maxEvaluations)}`
      : '';
  const original = finiteOr(summary.trainingSize.original, 0);
  const synthetic = finiteOr(summary.trainingSize.synthetic, 0);
  const results = [
    row('Seed validation score', formatScore(summary.seedScore), '(candidate #0)'),
    row(
      'Best validation score',
      formatScore(summary.bestScore),
      `(candidate #${summary.bestCandidate}) ${formatDelta(summary.seedScore, summary.bestScore)}`,
    ),
    row(
      'Test score of the best candidate',
      summary.testScore === undefined ? 'not evaluated' : formatScore(summary.testScore),
    ),
    row('Evaluations spent', `${formatCount(summary.evaluationsUsed)}${budget}`),
    row('Search steps', formatCount(summary.steps)),
    row('Candidates in the pool', formatCount(summary.candidates)),
    row('Synthesis events', formatCount(summary.synthesisEvents)),
    row('Cost', ...costText(data)),
    row('Synthetic examples admitted', formatCount(summary.admitted)),
    row(
      'Training set',
      formatCount(original + synthetic),
      `(${formatCount(original)} original + ${formatCount(synthetic)} synthetic)`,
    ),
  ];
  const identity = [
    row('Benchmark', run.benchmark),
    row('Task model', run.taskModel),
    row('Optimizer model', run.optimizerModel),
    row('Variant', run.variant ?? 'forge'),
    ...(run.profile === undefined ? [] : [row('Profile', run.profile)]),
    row('Seed', String(run.seed)),
    ...(run.suiteCell === undefined
      ? []
      : [
          row('Arm', run.suiteCell.arm),
          row('Suite cell', run.suiteCell.id, `(${run.suiteCell.role})`),
        ]),
    row('Status', run.status, run.stopReason ? `(${run.stopReason})` : ''),
    ...(run.startedAt ? [row('Started', run.startedAt)] : []),
    row('Run directory', run.runDir),
  ];
  const headline =
    `<p class="headline">Best validation score <strong>${escapeHtml(formatScore(summary.bestScore))}</strong> ` +
    `(candidate #${summary.bestCandidate}), ${escapeHtml(formatDelta(summary.seedScore, summary.bestScore) || 'no seed score')}` +
    (summary.testScore === undefined
      ? ''
      : `; test score <strong>${escapeHtml(formatScore(summary.testScore))}</strong>`) +
    '.' +
    perfectScoreNote(run.stopReason) +
    '</p>';
  return (
    '<section class="summary" id="summary" aria-labelledby="summary-heading">' +
    '<h2 id="summary-heading">Summary</h2>' +
    headline +
    '<div class="summary-tables">' +
    `<table class="summary-table"><caption>Results</caption><tbody>${results.join('')}</tbody></table>` +
    `<table class="summary-table"><caption>Run</caption><tbody>${identity.join('')}</tbody></table>` +
    '</div></section>'
  );
}

/**
 * A run that stopped at a perfect validation score (the core's reason starts with `perfect
 * score`) ended before its budget on purpose: the headline says so, next to the spend.
 */
function perfectScoreNote(stopReason: string | undefined): string {
  return stopReason?.startsWith('perfect score')
    ? ' It stopped early: the best candidate scored the maximum (1) on validation, so no later step could beat it (the perfect-score stop).'
    : '';
}
