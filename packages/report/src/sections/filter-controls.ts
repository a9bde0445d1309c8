import { escapeHtml } from '../primitives/escape-html.js';
import { formatCount } from '../primitives/format-value.js';

/** One choice of a filter. */
export interface FilterOption {
  /** The token rows carry in their `data-<key>` attribute. */
  readonly value: string;
  /** What the user reads. */
  readonly label: string;
  /** How many rows carry the token. */
  readonly count: number;
}

/** One filter: a select over one attribute of the rows. */
export interface FilterControl {
  /** The attribute name without `data-` (rows hold space-separated tokens in it). */
  readonly key: string;
  /** The select's label. */
  readonly label: string;
  /** The choices besides "all". */
  readonly options: readonly FilterOption[];
}

/** Counts rows by token: the options of a filter, in first-seen order. */
export function filterOptions(
  tokens: readonly string[],
  label: (token: string) => string = (token) => token,
): FilterOption[] {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, label: label(value), count }));
}

/**
 * Selects that filter the children of `#target` by their `data-<key>` tokens. They start
 * hidden and the page's script reveals them, so a page opened without scripts shows every row
 * and no dead controls.
 */
export function renderFilterControls(
  target: string,
  controls: readonly FilterControl[],
  total: number,
  noun: string,
): string {
  const selects = controls.map((control) => {
    const options = [
      `<option value="">all (${formatCount(total)})</option>`,
      ...control.options.map(
        (option) =>
          `<option value="${escapeHtml(option.value)}">${escapeHtml(option.label)} (${formatCount(option.count)})</option>`,
      ),
    ];
    return (
      `<label>${escapeHtml(control.label)} ` +
      `<select data-filter="${escapeHtml(control.key)}">${options.join('')}</select></label>`
    );
  });
  return (
    `<div class="filters" data-filters-for="${escapeHtml(target)}" hidden>${selects.join('')}` +
    `<output class="filter-count" data-filter-count data-noun="${escapeHtml(noun)}">${formatCount(total)} ${escapeHtml(noun)}</output></div>`
  );
}
