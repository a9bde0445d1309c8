import { type AblationSpec, ablationTable } from './ablation-table.js';
import { detailsTable } from './details-table.js';
import type { CellInstanceScores } from './entry-statistics.js';
import { escapeMarkdownText } from './escape-markdown-text.js';
import type { GrpoResults } from './grpo-results.js';
import { mainTable } from './main-table.js';
import { StatisticsMemo } from './statistics-memo.js';
import type { SuiteLabels } from './suite-labels.js';
import { provenanceLines, type SuiteProvenance } from './suite-provenance.js';
import type { SuiteResults } from './suite-results.js';
import type { SuiteSpec } from './suite-spec.js';
import { renderMarkdownTable, type SuiteTable } from './suite-table.js';
import { transferTable } from './transfer-table.js';

/**
 * Every table of a suite, a pure function of its results: per (task model, optimizer model) the
 * main comparison (Table 1/3), the ablation (Table 2, when two or more of its steps ran) and the
 * transfer study (Table 4, when configured; with a GRPO result file, its training column); then
 * one details table per benchmark.
 */
export function suiteTables(options: {
  readonly results: SuiteResults;
  readonly spec: SuiteSpec;
  readonly ablation?: AblationSpec;
  readonly labels?: SuiteLabels;
  /**
   * Each cell's per-instance test scores, when read from the cells' run databases: the main
   * tables then give test-set sizes, 95% intervals and paired tests against the reference.
   */
  readonly instanceScores?: CellInstanceScores;
  /**
   * Remembers the statistics between calls (give the same memo to the tables rewritten after
   * every cell: only the entries whose cells changed are recomputed).
   */
  readonly memo?: StatisticsMemo;
  /** A GRPO result file (validated against the spec): Table 4's training column. */
  readonly grpo?: GrpoResults;
  /** Why a GRPO result file could not be used, said under Table 4. */
  readonly grpoProblem?: string;
}): SuiteTable[] {
  const { results, spec } = options;
  const memo = options.memo ?? new StatisticsMemo();
  memo.startRender();
  const cells = results.cells;
  const simulated = results.simulated
    ? ['Simulated models: these numbers measure the offline simulator, not real models.']
    : [];
  const tables: SuiteTable[] = [];
  for (const taskModel of spec.taskModels) {
    for (const optimizerModel of spec.optimizerModels) {
      const pair = {
        cells,
        spec,
        taskModel,
        optimizerModel,
        ...(options.labels === undefined ? {} : { labels: options.labels }),
      };
      // With per-instance scores every table gets its statistics, remembered across renders.
      const statistics =
        options.instanceScores === undefined
          ? {}
          : { instanceScores: options.instanceScores, memo };
      tables.push(mainTable({ ...pair, ...statistics }));
      const ablation =
        options.ablation === undefined
          ? undefined
          : ablationTable({ ...pair, ...statistics, ablation: options.ablation });
      if (ablation !== undefined) tables.push(ablation);
      const transfer = transferTable({
        ...pair,
        ...statistics,
        ...(options.grpo === undefined ? {} : { grpo: options.grpo }),
        ...(options.grpoProblem === undefined ? {} : { grpoProblem: options.grpoProblem }),
      });
      if (transfer !== undefined) tables.push(transfer);
    }
  }
  for (const benchmark of spec.benchmarks) {
    tables.push(
      detailsTable({
        cells,
        benchmark,
        ...(options.labels === undefined ? {} : { labels: options.labels }),
      }),
    );
  }
  return tables.map((table) => ({
    ...table,
    notes: [...simulated, ...table.notes],
    ...(results.simulated ? { simulated: true } : {}),
  }));
}

/**
 * All tables in one Markdown document, with the suite's name and cell counts, and — given its
 * provenance — a closing section on what produced them (Forge versions, config digest, settings).
 */
export function renderSuiteMarkdown(
  results: SuiteResults,
  tables: readonly SuiteTable[],
  provenance?: SuiteProvenance,
): string {
  const counts = { done: 0, stopped: 0, failed: 0, pending: 0 };
  for (const cell of results.cells) counts[cell.status] += 1;
  const header = [
    `# Suite ${escapeMarkdownText(results.suite.name)}`,
    '',
    `${results.cells.length} cells: ${counts.done} done, ${counts.stopped === 0 ? '' : `${counts.stopped} stopped by a cap (‡), `}${counts.failed} failed, ${counts.pending} pending.${results.simulated ? ' Simulated models: these numbers say nothing about real models.' : ''}`,
    '',
  ].join('\n');
  const footer =
    provenance === undefined
      ? ''
      : `\n## How these tables were made\n\n${provenanceLines(provenance)
          .map((line) => `${escapeMarkdownText(line)}  `)
          .join('\n')}\n`;
  return `${header}\n${tables.map(renderMarkdownTable).join('\n')}${footer}`;
}
