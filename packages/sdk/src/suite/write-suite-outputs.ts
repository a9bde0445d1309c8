import {
  formatSuiteResults,
  type GrpoResults,
  renderCsvTable,
  renderMarkdownTable,
  renderSuiteMarkdown,
  type StatisticsMemo,
  type SuiteLabels,
  type SuiteResults,
  type SuiteSetting,
  type SuiteSpec,
  type SuiteTable,
  suiteTables,
} from '@forge/suite';
import { forgeAblation } from '../methods/forge-ablation.js';
import { readSuiteCells } from './suite-cell-reading.js';
import {
  suiteProvenanceFileName,
  suiteResultsFileName,
  writeSuiteFile,
} from './suite-directory.js';
import { suiteProvenanceOf } from './suite-provenance-of.js';
import { suiteReportHtml } from './suite-report-html.js';

/**
 * Writes what a suite's results say: `results.json`, every table as Markdown and CSV under
 * `tables/`, all tables in one `tables.md`, and the HTML suite report (`report.html`, linking
 * every cell's own report). Each finished cell's run database is read once, read-only, for what
 * `results.json` does not hold: per-instance test scores (the tables' intervals, paired tests and
 * test-set sizes) and the report's wall times and failure modes. What produced the tables
 * (`suiteProvenanceOf`: Forge versions, config digest, settings, date of the results) closes
 * `tables.md`, is saved as `tables/provenance.json` and ends the report. Returns the tables and the files written
 * (relative paths).
 */
export function writeSuiteOutputs(options: {
  readonly dir: string;
  readonly results: SuiteResults;
  readonly spec: SuiteSpec;
  readonly labels?: SuiteLabels;
  /** The settings behind the numbers (`suiteSettings`), named in the tables' provenance. */
  readonly settings: readonly SuiteSetting[];
  /** Remembers the tables' statistics between the rewrites of one run (`StatisticsMemo`). */
  readonly memo?: StatisticsMemo;
  /** A GRPO result file (`suiteGrpoResults`): Table 4's training column and Figure 4. */
  readonly grpo?: GrpoResults;
  /** Why the suite's GRPO result file could not be used, said under Table 4. */
  readonly grpoProblem?: string;
}): { tables: SuiteTable[]; files: string[] } {
  const files: string[] = [];
  const write = (name: string, text: string) => {
    writeSuiteFile(options.dir, name, text);
    files.push(name);
  };
  write(suiteResultsFileName, formatSuiteResults(options.results));
  const { cellDetails, instanceScores } = readSuiteCells(options.dir, options.results);
  const tables = suiteTables({
    results: options.results,
    spec: options.spec,
    ablation: forgeAblation,
    instanceScores,
    ...(options.memo === undefined ? {} : { memo: options.memo }),
    ...(options.grpo === undefined ? {} : { grpo: options.grpo }),
    ...(options.grpoProblem === undefined ? {} : { grpoProblem: options.grpoProblem }),
    ...(options.labels === undefined ? {} : { labels: options.labels }),
  });
  const provenance = suiteProvenanceOf({
    results: options.results,
    settings: options.settings,
    cellDetails,
  });
  for (const table of tables) {
    write(`tables/${table.id}.md`, renderMarkdownTable(table));
    write(`tables/${table.id}.csv`, renderCsvTable(table));
  }
  // What produced every table of the directory, for the CSVs (which have no room for it).
  write(suiteProvenanceFileName, `${JSON.stringify(provenance, null, 2)}\n`);
  write('tables.md', renderSuiteMarkdown(options.results, tables, provenance));
  write(
    'report.html',
    suiteReportHtml({
      dir: options.dir,
      results: options.results,
      spec: options.spec,
      tables,
      cellDetails,
      provenance,
      ...(options.grpo === undefined ? {} : { grpo: options.grpo }),
      ...(options.labels === undefined ? {} : { labels: options.labels }),
    }),
  );
  return { tables, files };
}
