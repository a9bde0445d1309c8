import { InvalidArgumentError } from '@forge/provider';
import { guardStore } from '@forge/store';
import { type SuiteResults, type SuiteTable, summarizeSuite } from '@forge/suite';
import { suiteGrpoResults } from './read-grpo-results.js';
import { readSavedSuiteReport, readSuiteResultsFile } from './read-saved-suite-report.js';
import { suiteResultsFileName } from './suite-directory.js';
import { writeSuiteOutputs } from './write-suite-outputs.js';

/** What `reportSuite` wrote. */
export interface ReportSuiteResult {
  /** The suite directory, absolute. */
  readonly dir: string;
  /** Its `results.json`, as read. */
  readonly results: SuiteResults;
  /** The tables, recomputed from it. */
  readonly tables: readonly SuiteTable[];
  /** Files written, relative to the suite directory. */
  readonly files: readonly string[];
}

/**
 * Regenerates a suite directory's tables (`tables.md`, `tables/*.md|csv`) and `report.html` from
 * its `results.json` and saved config alone (`forge suite report <dir>`): no cell runs, no model,
 * method or benchmark package is needed, and `results.json` itself is rewritten unchanged but
 * for its `summary`. A GRPO result file (`options.grpo`, else the suite's `grpo/results.json`)
 * adds Table 4's training column and Figure 4; an invalid one is a ConfigError. Useful after an upgrade of Forge's tables or report, or on a copy of a
 * suite directory.
 */
export function reportSuite(
  suiteDir: string,
  options: {
    /** A GRPO result file for Table 4's training column and Figure 4; default the suite's `grpo/results.json`, if any. */
    readonly grpo?: string;
  } = {},
): ReportSuiteResult {
  const saved = readSavedSuiteReport(suiteDir);
  const { dir } = saved;
  const read = readSuiteResultsFile(dir);
  if (read === undefined) {
    throw new InvalidArgumentError({
      argument: 'dir',
      message: `dir: ${dir} has no ${suiteResultsFileName} yet (no cell has finished)`,
    });
  }
  // A GRPO file given or in the suite that is not valid is the user's to fix: said, not skipped.
  const grpo = suiteGrpoResults(dir, saved.spec, options.grpo);
  // A results.json written before the summary existed gains it.
  const results: SuiteResults = { ...read, summary: summarizeSuite(read.cells) };
  // A directory that cannot be written (a read-only mount, a full disk) is said as such: the
  // suite is only read here, so the way on is to run the command again once it can be.
  const written = guardStore(
    dir,
    () =>
      writeSuiteOutputs({
        dir,
        results,
        spec: saved.spec,
        labels: saved.labels,
        settings: saved.settings,
        ...(grpo === undefined ? {} : { grpo }),
      }),
    dir,
    { resumable: false },
  );
  return { dir, results, tables: written.tables, files: written.files };
}
