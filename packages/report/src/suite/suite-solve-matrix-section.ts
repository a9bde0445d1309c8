import { benchmarkLabel, methodLabel, stoppedMark } from '@forge/suite';
import { escapeHtml } from '../primitives/escape-html.js';
import { formatCount, formatPercent } from '../primitives/format-value.js';
import { type FilterOption, renderFilterControls } from '../sections/filter-controls.js';
import type { SuiteReportData } from './suite-report-data.js';
import {
  type SolveMatrix,
  type SolveMatrixEntry,
  suiteSolveMatrices,
} from './suite-solve-matrix.js';

function entryClass(entry: SolveMatrixEntry | null): string {
  if (entry === null) return 'sn';
  if (entry.solved === entry.seeds) return 's1';
  if (entry.solved === 0) return 's0';
  return 'sp';
}

function renderMatrix(data: SuiteReportData, matrix: SolveMatrix, position: number): string {
  const rowsId = `solve-rows-${position}`;
  const labels = matrix.methods.map((entry) => methodLabel(data.labels, entry.method));
  const head = matrix.methods
    .map(
      (entry, index) =>
        `<th scope="col" class="number" data-method="${escapeHtml(entry.method)}"${entry.stoppedSeeds.length === 0 ? '' : ` title="${escapeHtml(`a cap stopped seed ${entry.stoppedSeeds.join(', ')} short: its truncated run's candidate counts`)}"`}>${escapeHtml(labels[index] ?? entry.method)}` +
        `${entry.stoppedSeeds.length === 0 ? '' : ` ${stoppedMark}`}<br><span class="muted">n=${entry.seeds.length}</span></th>`,
    )
    .join('');
  const totals = (label: string, counts: (entry: SolveMatrixEntry | null) => boolean) =>
    `<tr><th scope="row">${label}</th>${matrix.methods
      .map(
        (_, index) =>
          `<td class="number">${formatCount(matrix.rows.filter((row) => counts(row.entries[index] ?? null)).length)}</td>`,
      )
      .join('')}</tr>`;
  const foot =
    totals('Solved in every seed', (entry) => entry !== null && entry.solved === entry.seeds) +
    totals('Solved in some seed', (entry) => entry !== null && entry.solved > 0);
  const rows = matrix.rows
    .map((row) => {
      const cells = row.entries
        .map((entry, index) => {
          const title =
            entry === null
              ? `${labels[index]}: not evaluated on this instance`
              : `${labels[index]}: solved in ${entry.solved} of ${entry.seeds} seed(s), mean score ${formatPercent(entry.meanScore)} (${entry.perSeed.map((seed) => `seed ${seed.seed}: ${Number(seed.score.toFixed(3))}`).join(', ')})`;
          return `<td class="number solve ${entryClass(entry)}" title="${escapeHtml(title)}">${entry === null ? '·' : `${entry.solved}/${entry.seeds}`}</td>`;
        })
        .join('');
      return `<tr data-instance="${escapeHtml(row.instance)}" data-view="${escapeHtml(row.tokens.join(' '))}"><th scope="row"><code>${escapeHtml(row.instance)}</code></th>${cells}</tr>`;
    })
    .join('');
  const count = (token: string) => matrix.rows.filter((row) => row.tokens.includes(token)).length;
  const options: FilterOption[] = [
    { value: 'disagree', label: 'methods disagree', count: count('disagree') },
    { value: 'unsolved', label: 'unsolved by every method', count: count('unsolved') },
    { value: 'solved-by-all', label: 'solved by every method', count: count('solved-by-all') },
    ...(matrix.methods.length > 1
      ? matrix.methods.map((entry, index) => ({
          value: `only-${entry.method}`,
          label: `solved only by ${labels[index] ?? entry.method}`,
          count: count(`only-${entry.method}`),
        }))
      : []),
  ];
  const title = `${benchmarkLabel(data.labels, matrix.benchmark)} — ${matrix.taskModel}, optimizer ${matrix.optimizerModel}`;
  const stopped = matrix.methods.filter((entry) => entry.stoppedSeeds.length > 0);
  const stoppedNote =
    stopped.length === 0
      ? ''
      : `<p class="section-note">${stoppedMark} a cap stopped these cells short; each counts with its truncated run's selected candidate, as in the tables: ${escapeHtml(stopped.map((entry) => `${methodLabel(data.labels, entry.method)} seed ${entry.stoppedSeeds.join(', ')}`).join('; '))}.</p>`;
  return [
    `<div class="solve-matrix-block" data-solve-matrix="${escapeHtml(matrix.benchmark)}" data-task-model="${escapeHtml(matrix.taskModel)}">`,
    `<h3>${escapeHtml(title)}</h3>`,
    stoppedNote,
    renderFilterControls(
      rowsId,
      [{ key: 'view', label: 'Show', options }],
      matrix.rows.length,
      'instances',
    ),
    '<div class="matrix-scroll solve-scroll" tabindex="0">',
    `<table class="data-table solve-matrix"><thead><tr><th scope="col">Test instance</th>${head}</tr></thead>`,
    `<tbody id="${rowsId}">${rows}</tbody><tfoot>${foot}</tfoot></table></div></div>`,
  ].join('');
}

/**
 * The test-instance × method solve matrix of every benchmark and model pair: each entry is
 * `k/n`, the method's best candidate solved the instance (mean score over repeats 1) in k of its n
 * seeds; green in every seed, red in none, amber in some. A filter shows only the instances
 * where methods disagree, that no method solves, that every method solves, or that one method
 * alone solves (the page's script; without it every row shows).
 */
export function renderSuiteSolveMatrixSection(data: SuiteReportData): string {
  const matrices = suiteSolveMatrices(data);
  const note = `<p class="section-note">Which test instances each method's selected candidate solves. An entry k/n: solved (mean score over the repeats equal to 1) in k of the method's n finished seeds (a seed a cap stopped short counts, its method marked ${stoppedMark}); hover it for each seed's score. Transfer cells on augmented data are left out. Test scores are for reporting only: no method saw them.</p>`;
  if (matrices.length === 0) {
    return `${note}<p class="chart-empty">${
      data.cellDetails === undefined
        ? "The cells' run databases were not read, so no per-instance test scores are shown."
        : 'No finished cell has per-instance test scores (the test split was not evaluated).'
    }</p>`;
  }
  return note + matrices.map((matrix, position) => renderMatrix(data, matrix, position)).join('');
}
