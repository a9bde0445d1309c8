import { escapeMarkdownText } from './escape-markdown-text.js';
import {
  formatSpread,
  isSeedSpread,
  isSignificant,
  type SeedSpread,
  significanceMarker,
} from './seed-spread.js';

/** One value of a table: text, a number, a spread over seeds, or `null` (no value). */
export type TableValue = string | number | SeedSpread | null;

/** How a column's numbers are written. */
export type TableColumnFormat = 'text' | 'percent' | 'delta' | 'count' | 'usd';

/** A column of a table. */
export interface TableColumn {
  /** Header text. */
  readonly header: string;
  /** How its numbers are written. */
  readonly format: TableColumnFormat;
}

/** A row: one value per column (`null`: no value), and the columns to emphasize. */
export interface TableRow {
  /** Values in column order. */
  readonly values: readonly TableValue[];
  /** Column indexes written in bold in Markdown (the row's best), none in CSV. */
  readonly emphasis?: readonly number[];
}

/** One table of the suite's outputs, as data, rendered as Markdown or CSV. */
export interface SuiteTable {
  /** File stem (`main-sim-task-sim-optimizer`, `details-hotpotqa`). */
  readonly id: string;
  /** Title (`Test score (%) — task …, optimizer …`). */
  readonly title: string;
  /** Lines printed under the title: what the numbers mean, what is missing. */
  readonly notes: readonly string[];
  /** The columns. */
  readonly columns: readonly TableColumn[];
  /** The rows. */
  readonly rows: readonly TableRow[];
  /** True when any number comes from simulated models: every CSV row then says so. */
  readonly simulated?: boolean;
}

/**
 * Writes one value for a person: scores and deltas with two decimals, a spread over seeds as
 * `mean ± sd` (marked partial when seeds are missing), `–` for none.
 */
export function formatTableValue(value: TableValue, format: TableColumnFormat): string {
  if (value === null) return '–';
  if (typeof value === 'string') return value;
  if (isSeedSpread(value)) return formatSpread(value);
  switch (format) {
    case 'percent':
      return value.toFixed(2);
    case 'delta':
      return `${value > 0 ? '+' : value < 0 ? '-' : '±'}${Math.abs(value).toFixed(2)}`;
    case 'count':
      return Math.round(value).toLocaleString('en-US');
    case 'usd':
      return `$${value.toFixed(2)}`;
    case 'text':
      return String(value);
  }
}

/**
 * A table as GitHub-flavoured Markdown: title, notes, header, numbers right-aligned; an entry
 * whose paired test is significant carries the marker (its interval and p-value are left to the
 * CSV and the HTML report).
 */
export function renderMarkdownTable(table: SuiteTable): string {
  const escapeCell = escapeMarkdownText;
  const lines = [`### ${escapeMarkdownText(table.title)}`, ''];
  for (const note of table.notes) lines.push(`${escapeMarkdownText(note)}  `);
  if (table.notes.length > 0) lines.push('');
  lines.push(`| ${table.columns.map((column) => escapeCell(column.header)).join(' | ')} |`);
  lines.push(
    `|${table.columns.map((column) => (column.format === 'text' ? ' --- ' : ' ---: ')).join('|')}|`,
  );
  for (const row of table.rows) {
    const cells = table.columns.map((column, index) => {
      const value = row.values[index] ?? null;
      const text = escapeCell(formatTableValue(value, column.format));
      const marker = isSeedSpread(value) && isSignificant(value) ? `\\${significanceMarker}` : '';
      return `${row.emphasis?.includes(index) && text !== '–' ? `**${text}**` : text}${marker}`;
    });
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A table as CSV (RFC 4180: quoted when needed, CRLF-free lines ending in `\n`): numbers with
 * full precision for scores (two decimals) and plain numbers elsewhere, empty for no value. A
 * column of spreads gains columns after its mean: over two or more seeds `<header> sd`,
 * `<header> n` and `<header> per seed` (`seed:value` pairs, `–` for a seed without one); with
 * intervals `<header> ci low` and `<header> ci high` (95%); with paired tests `<header> p`
 * (two-sided, against the table's reference) and `<header> pairs`. A simulated table ends every
 * row with a `Models` column saying `simulated`.
 */
export function renderCsvTable(table: SuiteTable): string {
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const number = (value: number, format: TableColumnFormat) =>
    format === 'percent' || format === 'delta'
      ? value.toFixed(2)
      : format === 'usd'
        ? value.toFixed(4)
        : String(value);
  const spreadsOf = (index: number) =>
    table.rows.flatMap((row) => {
      const value = row.values[index];
      return isSeedSpread(value) ? [value] : [];
    });
  // One seed has no spread to write: its column stays one number unless it has statistics.
  const extras = table.columns.map((_, index) => {
    const spreads = spreadsOf(index);
    return {
      seeds: spreads.some((spread) => spread.of > 1),
      interval: spreads.some((spread) => spread.interval !== undefined),
      comparison: spreads.some((spread) => spread.comparison !== undefined),
    };
  });
  const header = table.columns.flatMap((column, index) => {
    const extra = extras[index];
    return [
      column.header,
      ...(extra?.seeds
        ? [`${column.header} sd`, `${column.header} n`, `${column.header} per seed`]
        : []),
      ...(extra?.interval ? [`${column.header} ci low`, `${column.header} ci high`] : []),
      ...(extra?.comparison ? [`${column.header} p`, `${column.header} pairs`] : []),
    ];
  });
  const lines = [[...header, ...(table.simulated ? ['Models'] : [])].map(quote).join(',')];
  for (const row of table.rows) {
    const fields = table.columns.flatMap((column, index) => {
      const value = row.values[index] ?? null;
      const extra = extras[index];
      const spread = isSeedSpread(value) ? value : undefined;
      const text =
        value === null
          ? ''
          : typeof value === 'string'
            ? quote(value)
            : typeof value === 'number'
              ? number(value, column.format)
              : number(value.mean, column.format);
      const seeds =
        spread === undefined
          ? ['', '', '']
          : [
              spread.sd === null ? '' : number(spread.sd, column.format),
              String(spread.n),
              spread.perSeed
                .map(
                  (entry) =>
                    `${entry.seed}:${entry.value === null ? '–' : number(entry.value, column.format)}`,
                )
                .join(';'),
            ];
      const interval = spread?.interval;
      const comparison = spread?.comparison;
      return [
        text,
        ...(extra?.seeds ? seeds : []),
        ...(extra?.interval
          ? interval === undefined
            ? ['', '']
            : [number(interval.low, column.format), number(interval.high, column.format)]
          : []),
        ...(extra?.comparison
          ? comparison === undefined
            ? ['', '']
            : [formatPValue(comparison.pValue), String(comparison.pairs)]
          : []),
      ];
    });
    lines.push([...fields, ...(table.simulated ? ['simulated'] : [])].join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** A p-value with four significant digits (`0.03125`, `1.000e-7`), `1` when it is 1. */
export function formatPValue(pValue: number): string {
  if (pValue >= 1) return '1';
  return pValue < 1e-4 ? pValue.toExponential(3) : pValue.toPrecision(4);
}
