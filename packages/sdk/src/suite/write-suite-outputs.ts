import {
  formatSuiteResults,
  renderCsvTable,
  renderMarkdownTable,
  renderSuiteMarkdown,
  type SuiteLabels,
  type SuiteResults,
  type SuiteSpec,
  type SuiteTable,
  suiteTables,
} from '@forge/suite';
import { forgeAblation } from '../methods/forge-ablation.js';
import { suiteResultsFileName, writeSuiteFile } from './suite-directory.js';
import { suiteReportHtml } from './suite-report-html.js';

/**
 * Writes what a suite's results say, all pure functions of them: `results.json`, every table as
 * Markdown and CSV under `tables/`, all tables in one `tables.md`, and the HTML suite report
 * (`report.html`, linking every cell's own report and reading each cell's run database for what
 * `results.json` does not hold: `suiteReportHtml`). Returns the tables and the files written
 * (relative paths).
 */
export function writeSuiteOutputs(options: {
  readonly dir: string;
  readonly results: SuiteResults;
  readonly spec: SuiteSpec;
  readonly labels?: SuiteLabels;
}): { tables: SuiteTable[]; files: string[] } {
  const files: string[] = [];
  const write = (name: string, text: string) => {
    writeSuiteFile(options.dir, name, text);
    files.push(name);
  };
  write(suiteResultsFileName, formatSuiteResults(options.results));
  const tables = suiteTables({
    results: options.results,
    spec: options.spec,
    ablation: forgeAblation,
    ...(options.labels === undefined ? {} : { labels: options.labels }),
  });
  for (const table of tables) {
    write(`tables/${table.id}.md`, renderMarkdownTable(table));
    write(`tables/${table.id}.csv`, renderCsvTable(table));
  }
  write('tables.md', renderSuiteMarkdown(options.results, tables));
  write(
    'report.html',
    suiteReportHtml({
      dir: options.dir,
      results: options.results,
      spec: options.spec,
      tables,
      ...(options.labels === undefined ? {} : { labels: options.labels }),
    }),
  );
  return { tables, files };
}
