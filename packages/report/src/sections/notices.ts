import type { RunReportData } from '../data/run-report-data.js';
import { escapeHtml } from '../primitives/escape-html.js';
import { formatCount, formatPercent } from '../primitives/format-value.js';

/** A banner per optimizer role whose answers mostly broke their contract, with one bad answer. */
export function renderWarningBanners(data: RunReportData): string {
  return data.warnings
    .map(
      (warning) =>
        `<div class="banner banner-warning" role="alert" data-warning-role="${escapeHtml(warning.role)}">` +
        `<strong>The ${escapeHtml(warning.role)} role mostly ignored its output contract:</strong> ` +
        `${formatCount(warning.noOps)} of ${formatCount(warning.calls)} answers (${formatPercent(warning.rate)}) did not follow it, ` +
        'so those calls changed nothing. The optimizer model may be unsuitable for this role, or its output limit too small. ' +
        `<br>Contract: ${escapeHtml(warning.contract)}.` +
        `<br>Example${warning.exampleReason === undefined ? '' : ` (${escapeHtml(warning.exampleReason)})`}: ` +
        `<code class="example">${escapeHtml(warning.example === '' ? '(an empty answer)' : warning.example)}</code></div>`,
    )
    .join('');
}

/** A notice naming the models without a price, whose cost the report cannot know. */
export function renderUnpricedBanner(data: RunReportData): string {
  if (data.unpricedModels.length === 0) return '';
  return (
    '<div class="banner banner-unpriced" role="note"><strong>Unpriced models.</strong> ' +
    `No price is known for ${data.unpricedModels.map((model) => `<code>${escapeHtml(model)}</code>`).join(', ')}: ` +
    'their calls count as $0 and the cost panel says <em>unpriced</em>. Give a price with ' +
    "<code>--price model=input/output</code> or the config file's <code>prices</code> (USD per million tokens).</div>"
  );
}

/** The page's table of contents. */
export function renderReportNav(methodSections: readonly [string, string][] = []): string {
  const links: [string, string][] = [
    ['summary', 'Summary'],
    ['search', 'Search'],
    ...methodSections,
    ['instances', 'Instances'],
    ['proposals', 'Proposals'],
    ['prompts', 'Prompts'],
    ['synthesis', 'Synthesis'],
    ['synthetic-data', 'Synthetic data'],
    ['cost', 'Cost'],
  ];
  return `<nav class="report-nav" aria-label="Sections">${links.map(([id, label]) => `<a href="#${id}">${label}</a>`).join('')}</nav>`;
}
