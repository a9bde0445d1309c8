import type { RunReportData } from '../data/run-report-data.js';
import type { RunReportSynthesisAttempt } from '../data/run-report-details.js';
import { outcomeLabel } from '../primitives/chart-palette.js';
import { escapeHtml } from '../primitives/escape-html.js';
import { formatCount, formatScore } from '../primitives/format-value.js';
import { filterOptions, renderFilterControls } from './filter-controls.js';
import { renderFields, renderValueBlock } from './value-block.js';

function renderVerdict(attempt: RunReportSynthesisAttempt): string {
  const { verdict } = attempt;
  if (verdict === undefined) {
    return '<p class="muted">The verifier did not run for this attempt.</p>';
  }
  if (!verdict.ok) {
    return `<p class="verdict verdict-broken"><strong>Verifier answer broke its contract:</strong> ${escapeHtml(verdict.reason)}</p>`;
  }
  const line = (name: string, value: boolean, reason: string) =>
    `<li><strong>${name}: <span class="${value ? 'verdict-true' : 'verdict-false'}">${value}</span></strong> — ${escapeHtml(reason)}</li>`;
  return (
    '<ul class="verdict">' +
    line('validity', verdict.validity, verdict.validityReason) +
    line('faithfulness', verdict.faithfulness, verdict.faithfulnessReason) +
    '</ul>'
  );
}

function renderAttempt(attempt: RunReportSynthesisAttempt): string {
  const mode = attempt.modeName ?? '(random training instance)';
  const summary =
    `<summary><span>Event ${attempt.event} · slot ${attempt.slot}</span>` +
    `<span class="tag tag-outcome-${escapeHtml(attempt.outcome)}">${escapeHtml(outcomeLabel(attempt.outcome))}</span>` +
    `<span><code>${escapeHtml(mode)}</code></span><span class="muted">${escapeHtml(attempt.intent)}</span>` +
    `${attempt.instance === undefined ? '' : `<span class="muted">${escapeHtml(attempt.instance.id)}</span>`}</summary>`;
  const source =
    attempt.source === undefined
      ? `<p>Drawn from training instance <code>${escapeHtml(attempt.sourceInstanceId)}</code>.</p>`
      : `<p>Drawn from observation <code>${escapeHtml(attempt.source.id)}</code>: training instance ` +
        `<code>${escapeHtml(attempt.source.instanceId)}</code> scored ${formatScore(attempt.source.score)}.</p>` +
        (attempt.source.feedback === undefined
          ? ''
          : renderValueBlock('Its feedback', attempt.source.feedback)) +
        (attempt.source.input === undefined ? '' : renderFields('Its input', attempt.source.input));
  const generated =
    attempt.instance === undefined
      ? attempt.generatorText === undefined
        ? '<p class="muted">Generation produced no instance.</p>'
        : renderValueBlock("Generator's answer (no usable instance)", attempt.generatorText)
      : renderFields('Input', attempt.instance.input) + renderFields('Gold', attempt.instance.gold);
  return (
    `<details class="attempt" id="attempt-${attempt.event}-${attempt.slot}" data-outcome="${escapeHtml(attempt.outcome)}" data-event="${attempt.event}" data-intent="${escapeHtml(attempt.intent)}">` +
    summary +
    '<div class="attempt-body">' +
    `<p><strong>Failure mode:</strong> <code>${escapeHtml(mode)}</code>${attempt.modeDescription === undefined ? '' : ` — ${escapeHtml(attempt.modeDescription.replace(/[.\s]+$/, ''))}`}. ` +
    `<strong>Intent:</strong> ${escapeHtml(attempt.intent)}. <strong>Outcome:</strong> ${escapeHtml(outcomeLabel(attempt.outcome))}: ${escapeHtml(attempt.reason)}</p>` +
    '<div class="attempt-columns">' +
    `<div><h5>Source observation</h5>${source}</div>` +
    `<div><h5>Generated instance</h5>${generated}<h5>Verifier</h5>${renderVerdict(attempt)}</div>` +
    '</div></div></details>'
  );
}

/** The synthetic data browser: every attempt, admitted or not, filterable by outcome, event and intent. */
export function renderSyntheticDataSection(data: RunReportData): string {
  const attempts = data.synthesisAttempts;
  const admitted = attempts.filter((attempt) => attempt.outcome === 'admitted').length;
  const heading =
    '<div class="subsection" id="synthetic-data"><h3>Synthetic data</h3>' +
    `<p class="section-note">Every generation attempt: ${formatCount(attempts.length)}, ${formatCount(admitted)} admitted. ` +
    "Open one for its failure mode, intent, the observation it started from, the generated instance and the verifier's reasons.</p>";
  if (attempts.length === 0) {
    return `${heading}<p class="chart-empty">No synthesis attempt was made in this run.</p></div>`;
  }
  const filters = renderFilterControls(
    'attempt-list',
    [
      {
        key: 'outcome',
        label: 'Outcome',
        options: filterOptions(
          attempts.map((attempt) => attempt.outcome),
          outcomeLabel,
        ),
      },
      {
        key: 'event',
        label: 'Event',
        options: filterOptions(attempts.map((attempt) => String(attempt.event))),
      },
      {
        key: 'intent',
        label: 'Intent',
        options: filterOptions(attempts.map((attempt) => attempt.intent)),
      },
    ],
    attempts.length,
    'attempts',
  );
  return `${heading}${filters}<div class="attempt-list" id="attempt-list">${attempts.map(renderAttempt).join('')}</div></div>`;
}
