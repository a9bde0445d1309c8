import type { RunReportData } from '../data/run-report-data.js';
import { escapeHtml } from '../primitives/escape-html.js';
import { formatCount } from '../primitives/format-value.js';
import { renderFilterControls } from './filter-controls.js';
import { formatValue } from './value-block.js';

/** The class of a score cell: a full pass, a failure, a partial score or no score. */
function scoreClass(score: number | null): string {
  if (score === null || !Number.isFinite(score)) return 'sn';
  if (score >= 1) return 's1';
  if (score <= 0) return 's0';
  return 'sp';
}

function cellText(score: number | null): string {
  if (score === null || !Number.isFinite(score)) return '·';
  if (score >= 1) return '1';
  if (score <= 0) return '0';
  return score.toFixed(2).replace(/^0/, '');
}

function preview(input: Readonly<Record<string, unknown>>): string {
  const text = Object.values(input)
    .map((value) => formatValue(value))
    .join(' · ')
    .replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/**
 * The instance explorer: every validation instance against every candidate's score, a filter
 * to the failures, and a detail view (filled by the page's script from the embedded data) with
 * the input, output, gold, feedback and the trace of module calls.
 */
export function renderInstancesSection(data: RunReportData): string {
  const { validationInstances: instances } = data;
  const best = data.summary.bestCandidate;
  const candidates = data.candidates.map((candidate) => candidate.index);
  const heading =
    '<section id="instances" aria-labelledby="instances-heading"><h2 id="instances-heading">Validation instances</h2>';
  if (instances.length === 0) {
    return `${heading}<p class="chart-empty">No validation instance was recorded for this run.</p></section>`;
  }
  const failing = instances.map((instance) => {
    const scores = instance.scores.filter((score): score is number => score !== null);
    const tokens: string[] = [];
    if ((instance.scores[best] ?? 1) < 1) tokens.push('best');
    if (scores.some((score) => score < 1)) tokens.push('any');
    if (scores.length > 0 && scores.every((score) => score < 1)) tokens.push('all');
    return tokens;
  });
  const count = (token: string) => failing.filter((tokens) => tokens.includes(token)).length;
  const header = candidates
    .map(
      (index) =>
        `<th scope="col" class="${index === best ? 'candidate-column best-column' : 'candidate-column'}" ` +
        `title="Candidate #${index}${index === best ? ' (best)' : ''}">${index}${index === best ? '★' : ''}</th>`,
    )
    .join('');
  const rows = instances.map((instance, position) => {
    const cells = candidates
      .map((index) => {
        const score = instance.scores[index] ?? null;
        return `<td><button type="button" class="${scoreClass(score)}" data-c="${index}">${cellText(score)}</button></td>`;
      })
      .join('');
    return (
      `<tr data-instance="${escapeHtml(instance.id)}" data-failing="${failing[position]?.join(' ') ?? ''}">` +
      `<th scope="row"><code>${escapeHtml(instance.id)}</code> <span class="muted">${escapeHtml(preview(instance.input))}</span></th>${cells}</tr>`
    );
  });
  const recorded = data.evaluations.length > 0;
  const note =
    `${formatCount(instances.length)} validation instances × ${formatCount(candidates.length)} candidates. ` +
    `Each cell is a candidate's score on an instance (1 passes, 0 fails); ★ marks the best candidate (#${best}). ` +
    (recorded
      ? 'Click a cell for the instance, the output, the gold answer, the feedback and the trace of module calls.'
      : 'Click a cell for the instance; this run kept no outputs or traces (it was recorded before they were kept, or by a method that saves scores only), so only scores are shown.');
  const filters = renderFilterControls(
    'instance-rows',
    [
      {
        key: 'failing',
        label: 'Show',
        options: [
          { value: 'best', label: `the best candidate (#${best}) fails`, count: count('best') },
          { value: 'any', label: 'some candidate fails', count: count('any') },
          { value: 'all', label: 'every candidate fails', count: count('all') },
        ],
      },
    ],
    instances.length,
    'instances',
  );
  return (
    `${heading}<p class="section-note">${escapeHtml(note)}</p>${filters}` +
    '<div class="explorer">' +
    '<div class="matrix-scroll" tabindex="0"><table class="score-matrix" id="score-matrix">' +
    `<thead><tr><th scope="col">Instance</th>${header}</tr></thead>` +
    `<tbody id="instance-rows">${rows.join('')}</tbody></table></div>` +
    '<div class="instance-detail" id="instance-detail" aria-live="polite">' +
    '<p class="muted">Choose a cell to see that candidate\'s evaluation of the instance.</p></div>' +
    '</div></section>'
  );
}
