import { formatSpread, isSeedSpread, type SeedSpread } from './seed-spread.js';

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

/** A table as GitHub-flavoured Markdown: title, notes, header, numbers right-aligned. */
export function renderMarkdownTable(table: SuiteTable): string {
  const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const lines = [`### ${table.title}`, ''];
  for (const note of table.notes) lines.push(`${note}  `);
  if (table.notes.length > 0) lines.push('');
  lines.push(`| ${table.columns.map((column) => escapeCell(column.header)).join(' | ')} |`);
  lines.push(
    `|${table.columns.map((column) => (column.format === 'text' ? ' --- ' : ' ---: ')).join('|')}|`,
  );
  for (const row of table.rows) {
    const cells = table.columns.map((column, index) => {
      const text = escapeCell(formatTableValue(row.values[index] ?? null, column.format));
      return row.emphasis?.includes(index) && text !== '–' ? `**${text}**` : text;
    });
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A table as CSV (RFC 4180: quoted when needed, CRLF-free lines ending in `\n`): numbers with
 * full precision for scores (two decimals) and plain numbers elsewhere, empty for no value. A
 * column of spreads over two or more seeds becomes four: the mean, `<header> sd`, `<header> n` and
 * `<header> per seed` (`seed:value` pairs, `–` for a seed without one). A simulated table ends
 * every row with a `Models` column saying `simulated`.
 */
export function renderCsvTable(table: SuiteTable): string {
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const number = (value: number, format: TableColumnFormat) =>
    format === 'percent' || format === 'delta'
      ? value.toFixed(2)
      : format === 'usd'
        ? value.toFixed(4)
        : String(value);
  // One seed has no spread to write: its column stays one number.
  const spreads = table.columns.map((_, index) =>
    table.rows.some((row) => {
      const value = row.values[index];
      return isSeedSpread(value) && value.of > 1;
    }),
  );
  const header = table.columns.flatMap((column, index) =>
    spreads[index]
      ? [column.header, `${column.header} sd`, `${column.header} n`, `${column.header} per seed`]
      : [column.header],
  );
  const lines = [[...header, ...(table.simulated ? ['Models'] : [])].map(quote).join(',')];
  for (const row of table.rows) {
    const fields = table.columns.flatMap((column, index) => {
      const value = row.values[index] ?? null;
      if (isSeedSpread(value) && !spreads[index]) return [number(value.mean, column.format)];
      if (isSeedSpread(value)) {
        return [
          number(value.mean, column.format),
          value.sd === null ? '' : number(value.sd, column.format),
          String(value.n),
          value.perSeed
            .map(
              (entry) =>
                `${entry.seed}:${entry.value === null ? '–' : number(entry.value, column.format)}`,
            )
            .join(';'),
        ];
      }
      const text =
        value === null
          ? ''
          : typeof value === 'string'
            ? quote(value)
            : number(value, column.format);
      return spreads[index] ? [text, '', '', ''] : [text];
    });
    lines.push([...fields, ...(table.simulated ? ['simulated'] : [])].join(','));
  }
  return `${lines.join('\n')}\n`;
}
