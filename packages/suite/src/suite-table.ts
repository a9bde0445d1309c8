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
  readonly values: readonly (string | number | null)[];
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
}

/** Writes one value for a person: scores and deltas with two decimals, `–` for none. */
export function formatTableValue(value: string | number | null, format: TableColumnFormat): string {
  if (value === null) return '–';
  if (typeof value === 'string') return value;
  switch (format) {
    case 'percent':
      return value.toFixed(2);
    case 'delta':
      return `${value > 0 ? '+' : value < 0 ? '-' : '±'}${Math.abs(value).toFixed(2)}`;
    case 'count':
      return String(Math.round(value));
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
 * full precision for scores (two decimals) and plain numbers elsewhere, empty for no value.
 */
export function renderCsvTable(table: SuiteTable): string {
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = [table.columns.map((column) => quote(column.header)).join(',')];
  for (const row of table.rows) {
    lines.push(
      table.columns
        .map((column, index) => {
          const value = row.values[index] ?? null;
          if (value === null) return '';
          if (typeof value === 'string') return quote(value);
          return column.format === 'percent' || column.format === 'delta'
            ? value.toFixed(2)
            : column.format === 'usd'
              ? value.toFixed(4)
              : String(value);
        })
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
