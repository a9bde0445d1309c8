import { isSeedSpread, isSignificant, type SeedSpread } from './seed-spread.js';
import { provenanceLines, type SuiteProvenance } from './suite-provenance.js';
import { formatTableValue, type SuiteTable, type TableColumnFormat } from './suite-table.js';

// Characters LaTeX reads as commands, and the typographic ones Forge's tables use, in commands
// that LaTeX's base (no package) typesets.
const replacements: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '#': '\\#',
  '%': '\\%',
  _: '\\_',
  '^': '\\^{}',
  '~': '\\~{}',
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
  // A row that starts with `[` would be read as the optional argument of the `\\` before it.
  '[': '{[}',
  ']': '{]}',
  '±': '$\\pm$',
  '×': '$\\times$',
  '·': '$\\cdot$',
  '≤': '$\\leq$',
  '≥': '$\\geq$',
  '→': '$\\rightarrow$',
  Δ: '$\\Delta$',
  '✓': '$\\surd$',
  '†': '\\dag{}',
  '‡': '\\ddag{}',
  '§': '\\S{}',
  '–': '--',
  '—': '---',
  '…': '\\ldots{}',
  '‘': '`',
  '’': "'",
  '“': '``',
  '”': "''",
  '\u00a0': '~',
};

/**
 * A string as LaTeX text that typesets as written with LaTeX's base alone: command characters
 * escaped, the tables' typographic characters as base commands, accented letters without their
 * accents, line breaks as spaces, and any other character LaTeX's base cannot typeset as `?`
 * — so a hostile method or benchmark name from a received suite directory cannot inject a
 * command or break compilation.
 */
export function escapeLatex(text: string): string {
  let escaped = '';
  for (const character of text) {
    const replacement = replacements[character];
    if (replacement !== undefined) {
      escaped += replacement;
      continue;
    }
    const code = character.codePointAt(0) ?? 0;
    if (code >= 0x20 && code < 0x7f) {
      escaped += character;
      continue;
    }
    if (/\s/u.test(character)) {
      escaped += ' ';
      continue;
    }
    // é → e, ﬁ → fi; what stays outside ASCII has no base-LaTeX form.
    const plain = character.normalize('NFKD').replace(/\p{M}/gu, '');
    escaped += /^[\x20-\x7e]+$/.test(plain) ? escapeLatex(plain) : '?';
  }
  return escaped;
}

/** Text for a LaTeX comment: one line, nothing that could end the comment. */
export function latexComment(text: string): string {
  return `% ${text.replace(/[\r\n\u2028\u2029\f\v]+/g, ' ')}`;
}

/**
 * One suite table as a LaTeX `table` float shaped like the paper's Tables 1–4: a `tabular` with
 * the first column left-aligned, text columns centred and numbers right-aligned; each entry
 * `mean $\pm$ sd`, the row's best in bold, `$^{*}$` on an entry whose paired test gives p < 0.05,
 * a partial entry with its seed count; a rule above the Aggregate row; the title as the caption
 * and the table's notes (plus `footer`, e.g. provenance) in small type under it. Every string is
 * escaped (`escapeLatex`); only LaTeX's base is needed.
 */
export function renderLatexTable(table: SuiteTable, footer: readonly string[] = []): string {
  const alignment = table.columns
    .map((column, index) => (index === 0 ? 'l' : column.format === 'text' ? 'c' : 'r'))
    .join('');
  const header = table.columns.map((column) => escapeLatex(column.header)).join(' & ');
  const lines = [
    latexComment(`${table.title} (${table.id})`),
    '\\begin{table}[t]',
    '\\centering',
    `\\caption{${escapeLatex(table.title)}}`,
    `\\label{tab:forge-${table.id.replace(/[^A-Za-z0-9-]/g, '-')}}`,
    `\\begin{tabular}{${alignment}}`,
    '\\hline',
    `${header} \\\\`,
    '\\hline',
  ];
  for (const row of table.rows) {
    if (row.values[0] === 'Aggregate') lines.push('\\hline');
    const cells = table.columns.map((column, index) =>
      latexValue(row.values[index] ?? null, column.format, row.emphasis?.includes(index) === true),
    );
    // Nor may it start with `*` (the starred `\\*`).
    const first = cells[0] ?? '';
    if (first.startsWith('*')) cells[0] = `{}${first}`;
    lines.push(`${cells.join(' & ')} \\\\`);
  }
  lines.push('\\hline', '\\end{tabular}');
  const notes = [...table.notes, ...footer];
  if (notes.length > 0) {
    lines.push(`\\par\\smallskip{\\footnotesize ${notes.map(escapeLatex).join(' ')}\\par}`);
  }
  lines.push('\\end{table}', '');
  return lines.join('\n');
}

/** The LaTeX of one entry. */
function latexValue(
  value: SuiteTable['rows'][number]['values'][number],
  format: TableColumnFormat,
  bold: boolean,
): string {
  if (value === null) return '--';
  if (!isSeedSpread(value)) {
    const text = escapeLatex(formatTableValue(value, format));
    return bold ? `\\textbf{${text}}` : text;
  }
  const number = spreadText(value);
  const marked = isSignificant(value) ? '$^{*}$' : '';
  const partial = value.n < value.of ? ` (${value.n}/${value.of} seeds)` : '';
  return `${bold ? `\\textbf{${number}}` : number}${marked}${partial}`;
}

function spreadText(spread: SeedSpread): string {
  const sd = spread.sd === null || spread.of < 2 ? '' : ` $\\pm$ ${spread.sd.toFixed(2)}`;
  return `${spread.mean.toFixed(2)}${sd}`;
}

/**
 * A suite's tables shaped like the paper's (Table 1/3 main comparisons, Table 2 ablations,
 * Table 4 transfer studies; not the per-benchmark details) as one LaTeX file to `\input`:
 * provenance in comments at the top and under every table, no package beyond LaTeX's base.
 */
export function renderSuiteLatex(
  tables: readonly SuiteTable[],
  provenance: SuiteProvenance,
): string {
  const shaped = tables.filter((table) => !table.id.startsWith('details-'));
  const [written = ''] = provenanceLines(provenance);
  return [
    latexComment(
      "Tables of a Forge suite. \\input this file; it needs no package beyond LaTeX's base.",
    ),
    ...provenanceLines(provenance).map(latexComment),
    '',
    ...shaped.map((table) => renderLatexTable(table, [written])),
  ].join('\n');
}
