import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  escapeHtml,
  type LivePageServer,
  liveReportPage,
  renderReportPage,
  serveLivePage,
} from '@forge/report';
import { suiteGrpoResultsOrProblem } from './read-grpo-results.js';
import {
  readSavedSuiteReport,
  readSuiteResultsFile,
  type SavedSuiteReport,
  suiteTablesOf,
} from './read-saved-suite-report.js';
import { readSuiteCells } from './suite-cell-reading.js';
import { suiteResultsFileName } from './suite-directory.js';
import { suiteProvenanceOf } from './suite-provenance-of.js';
import { suiteReportHtml } from './suite-report-html.js';

/** Options of `serveSuiteReport`. */
export interface ServeSuiteReportOptions {
  /** The suite directory (read only: nothing in it is written or locked). */
  readonly dir: string;
  /** The loopback port; 0 (the default) picks a free one. */
  readonly port?: number;
  /** How often the page asks whether the suite changed, in milliseconds. Default 1000. */
  readonly intervalMs?: number;
}

/**
 * Serves a suite's report on loopback and keeps it current (`forge suite report <dir> --watch`):
 * the page asks for the suite's version every `intervalMs` and reloads when `results.json`
 * changed, which a running suite rewrites after every cell, here or on a queue's workers. The
 * suite directory is only read — no lease is taken, no file written — so it may be watched
 * while another process runs the suite. Before the first cell finishes the page says so and
 * waits. @throws InvalidArgumentError or ConfigError when `dir` holds no readable suite,
 * ReportServerError when the port is taken.
 */
export async function serveSuiteReport(options: ServeSuiteReportOptions): Promise<LivePageServer> {
  const saved = readSavedSuiteReport(options.dir);
  const resultsFile = join(saved.dir, suiteResultsFileName);
  return serveLivePage({
    subject: 'the suite',
    source: {
      // results.json is replaced atomically after every cell: its digest moves with the suite.
      version: () =>
        existsSync(resultsFile)
          ? createHash('sha256').update(readFileSync(resultsFile)).digest('hex').slice(0, 16)
          : 'no-results',
      page: (live) => liveReportPage(suitePage(saved), live),
    },
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
  });
}

function suitePage(saved: SavedSuiteReport): string {
  const results = readSuiteResultsFile(saved.dir);
  if (results === undefined) {
    const title = `Forge suite: ${saved.name}`;
    return renderReportPage({
      title,
      body: [
        '<main class="report report-suite">',
        `<header class="report-header"><h1>${escapeHtml(title)}</h1>`,
        `<p class="subtitle">No cell has finished yet: this page reloads when the first one does. Suite directory ${escapeHtml(saved.dir)}.</p></header>`,
        '</main>',
      ].join('\n'),
      data: { best: 0, instances: {}, evaluations: {} },
    });
  }
  const { cellDetails, instanceScores } = readSuiteCells(saved.dir, results);
  const grpo = suiteGrpoResultsOrProblem(saved.dir, saved.spec);
  return suiteReportHtml({
    dir: saved.dir,
    results,
    spec: saved.spec,
    tables: suiteTablesOf(saved, results, instanceScores, grpo),
    ...(grpo.grpo === undefined ? {} : { grpo: grpo.grpo }),
    labels: saved.labels,
    cellDetails,
    provenance: suiteProvenanceOf({ results, settings: saved.settings, cellDetails }),
  });
}
