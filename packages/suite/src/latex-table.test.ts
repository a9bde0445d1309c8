import { describe, expect, it } from 'vitest';
import { smallSpec, statisticsFixture } from './__fixtures__/cell-results.js';
import { escapeLatex, renderLatexTable, renderSuiteLatex } from './latex-table.js';
import { suiteProvenance } from './suite-provenance.js';
import { suiteTables } from './suite-tables.js';

// The commands Forge's LaTeX may use: LaTeX's base, nothing from a package.
const allowed = new Set([
  'begin',
  'end',
  'centering',
  'caption',
  'label',
  'hline',
  'textbf',
  'par',
  'smallskip',
  'footnotesize',
  'textbackslash',
  'textless',
  'textgreater',
  'textbar',
  'pm',
  'times',
  'cdot',
  'leq',
  'geq',
  'rightarrow',
  'Delta',
  'surd',
  'dag',
  'ddag',
  'S',
  'ldots',
  'input',
]);

/**
 * A structural check standing in for a TeX engine: outside comments, every command is allowed
 * (`\input` only in the leading comment's advice), braces and math shifts balance, environments
 * nest, and every tabular row has as many cells as its column specification.
 */
function latexProblems(text: string): string[] {
  const problems: string[] = [];
  const body = text
    .split('\n')
    .map((line) => (line.startsWith('%') ? '' : line))
    .join('\n');
  for (const match of body.matchAll(/\\([A-Za-z]+|.)/g)) {
    const name = match[1] as string;
    if (/^[A-Za-z]+$/.test(name) && (!allowed.has(name) || name === 'input'))
      problems.push(`command \\${name}`);
    if (!/^[A-Za-z]+$/.test(name) && !'{}$&#%_^~\\'.includes(name))
      problems.push(`control symbol \\${name}`);
  }
  // Escaped characters no longer count: drop `\x` pairs, then balance what is left.
  const bare = body.replace(/\\./g, '');
  let depth = 0;
  for (const character of bare) {
    if (character === '{') depth += 1;
    if (character === '}') depth -= 1;
    if (depth < 0) problems.push('unbalanced }');
  }
  if (depth !== 0) problems.push(`unbalanced braces (${depth})`);
  if ((bare.match(/\$/g) ?? []).length % 2 !== 0) problems.push('unbalanced $');
  const stack: string[] = [];
  for (const match of body.matchAll(/\\(begin|end)\{([a-z]+)\}/g)) {
    if (match[1] === 'begin') stack.push(match[2] as string);
    else if (stack.pop() !== match[2]) problems.push(`\\end{${match[2]}} closes nothing`);
  }
  if (stack.length > 0) problems.push(`unclosed ${stack.join(', ')}`);
  for (const tabular of body.matchAll(
    /\\begin\{tabular\}\{([lcr]+)\}([\s\S]*?)\\end\{tabular\}/g,
  )) {
    const columns = (tabular[1] as string).length;
    for (const row of (tabular[2] as string).split('\n')) {
      if (row.trim() === '' || row.trim() === '\\hline') continue;
      if (!row.endsWith(' \\\\')) problems.push(`row without \\\\: ${row}`);
      const cells = row.replace(/\\./g, '').split('&').length;
      if (cells !== columns) problems.push(`${cells} cells in a ${columns}-column row: ${row}`);
    }
  }
  return problems;
}

function tablesOf(hostile: boolean) {
  const { results, instanceScores, labels } = statisticsFixture(hostile);
  return {
    results,
    tables: suiteTables({ results, spec: smallSpec, labels, instanceScores }),
  };
}

describe('escapeLatex', () => {
  it('escapes every command character and typesets the tables’ symbols with base LaTeX', () => {
    expect(escapeLatex('\\input{x} $5 & 10% #1 a_b ^ ~ <a|b> [o]')).toBe(
      '\\textbackslash{}input\\{x\\} \\$5 \\& 10\\% \\#1 a\\_b \\^{} \\~{} \\textless{}a\\textbar{}b\\textgreater{} {[}o{]}',
    );
    expect(escapeLatex('72.18 ± 1.20 – Δ ✓ † ‡ § … Café\nnext 罪名')).toBe(
      '72.18 $\\pm$ 1.20 -- $\\Delta$ $\\surd$ \\dag{} \\ddag{} \\S{} \\ldots{} Cafe next ??',
    );
  });
});

describe('renderLatexTable (Tables 1–3 shape)', () => {
  it('writes the main table with test-set sizes, bold row bests and significance markers', () => {
    const { tables } = tablesOf(false);
    const main = tables[0];
    if (main === undefined) throw new Error('no main table');
    const latex = renderLatexTable(main, ['Written by Forge 9.9.9.']);
    const lines = latex.split('\n');
    expect(lines.slice(1, 9)).toEqual([
      '\\begin{table}[t]',
      '\\centering',
      '\\caption{Test performance (\\%) --- task sim:task, optimizer sim:optimizer}',
      '\\label{tab:forge-main-sim-task-sim-optimizer}',
      '\\begin{tabular}{lrrrr}',
      '\\hline',
      'Benchmark & Test n & Baseline & Prompt search & Forge \\\\',
      '\\hline',
    ]);
    // Python's itertools.product gives alpha baseline p = 2/1024 and prompt-search 2/64 (marked).
    expect(lines).toContain('Alpha & 40 & 50.00$^{*}$ & 60.00$^{*}$ & \\textbf{75.00} \\\\');
    expect(lines).toContain('beta & 20 & 30.00 & \\textbf{45.00} & 40.00 \\\\');
    expect(lines.indexOf('Aggregate & -- & 40.00$^{*}$ & 52.50 & \\textbf{57.50} \\\\')).toBe(
      lines.indexOf('\\hline', 10) + 1,
    );
    expect(latex).toContain('Written by Forge 9.9.9.\\par}');
    expect(latexProblems(latex)).toEqual([]);
  });

  it('writes mean ± sd over seeds and names partial entries', () => {
    const { tables } = tablesOf(false);
    const main = tables[0];
    if (main === undefined) throw new Error('no main table');
    const spread = {
      kind: 'spread' as const,
      mean: 57.5,
      sd: 3.5355,
      n: 2,
      of: 3,
      perSeed: [],
    };
    const latex = renderLatexTable({
      ...main,
      rows: [{ values: ['Alpha', 40, spread, { ...spread, n: 3 }, null], emphasis: [3] }],
    });
    expect(latex).toContain(
      'Alpha & 40 & 57.50 $\\pm$ 3.54 (2/3 seeds) & \\textbf{57.50 $\\pm$ 3.54} & -- \\\\',
    );
    expect(latexProblems(latex)).toEqual([]);
  });

  it('keeps hostile names from a received suite directory inert', () => {
    const { tables, results } = tablesOf(true);
    const latex = renderSuiteLatex(
      tables,
      suiteProvenance({
        results,
        writtenBy: '1.0.0\n\\end{document}',
        settings: [{ name: 'seeds', value: '[0]' }],
      }),
    );
    expect(latexProblems(latex)).toEqual([]);
    // Outside comments (inert to TeX up to the line's end) no name becomes a command.
    const typeset = latex.split('\n').filter((line) => !line.startsWith('%'));
    expect(typeset.join('\n')).not.toContain('\\input{');
    expect(latex).toContain('\\textbackslash{}input\\{/etc/passwd\\}\\&\\$\\%\\#\\_\\^{}\\~{}');
    // The comment's line break is a space: `\end{document}` stays inside the comment; under
    // the tables it is text.
    expect(latex.split('\n').filter((line) => line.includes('end{document}'))).toEqual([
      expect.stringMatching(/^% Written by Forge 1\.0\.0 \\end\{document\} from suite/),
    ]);
    expect(latex).toContain('Written by Forge 1.0.0 \\textbackslash{}end\\{document\\} from suite');
    // A row label starting with `*` cannot make its `\\` the starred form.
    expect(latex).toContain('{}*Alpha line & 40');
    // The details tables are not among the paper's shapes.
    expect(latex).not.toContain('Details');
  });
});
