import {
  collectSuiteResults,
  defaultCellRunDir,
  type StatisticsMemo,
  type SuiteCellResult,
  type SuiteResults,
  type SuiteTable,
} from '@forge/suite';
import type { PreparedSuite } from './prepare-suite.js';
import { suiteGrpoResultsOrProblem } from './read-grpo-results.js';
import { suiteSettings } from './suite-settings.js';
import { writeGrpoExport } from './write-grpo-export.js';
import { writeSuiteOutputs } from './write-suite-outputs.js';

/** What a suite's files say. */
export interface SuiteFiles {
  /** The `results.json` document. */
  readonly results: SuiteResults;
  /** The tables. */
  readonly tables: readonly SuiteTable[];
  /** Files written, relative to the suite directory. */
  readonly files: readonly string[];
  /**
   * What the user should read about the files: one sentence per transfer row the GRPO export
   * skipped or flagged (a source a cap stopped short, one not finished), else empty.
   */
  readonly notes: readonly string[];
}

/**
 * The `results.json` document of a suite's cell results: one entry per planned cell, pending
 * where there is no result yet.
 */
export function suiteResultsOf(
  suite: PreparedSuite,
  results: ReadonlyMap<string, SuiteCellResult>,
): SuiteResults {
  return collectSuiteResults({
    plan: suite.plan,
    name: suite.name,
    digest: suite.digest,
    results,
    runDirOf: defaultCellRunDir,
  });
}

/**
 * Writes a suite's files from its cell results: `results.json`, the tables and the report
 * after every cell (`final: false`), and the GRPO export of the transfer study too at the end —
 * the same files whether the cells ran here or on a queue's workers.
 */
export async function writeSuiteFiles(
  dir: string,
  suite: PreparedSuite,
  cellResults: ReadonlyMap<string, SuiteCellResult>,
  options: {
    readonly final?: boolean;
    /** Remembers the tables' statistics between the rewrites of one run. */
    readonly memo?: StatisticsMemo;
  } = {},
): Promise<SuiteFiles> {
  const results = suiteResultsOf(suite, cellResults);
  const written = writeSuiteOutputs({
    dir,
    results,
    spec: suite.spec,
    labels: suite.labels,
    settings: suiteSettings(suite.config),
    ...suiteGrpoResultsOrProblem(dir, suite.spec),
    ...(options.memo === undefined ? {} : { memo: options.memo }),
  });
  const files = [...written.files];
  const notes: string[] = [];
  if (
    options.final !== false &&
    suite.config.transfer?.grpoExport !== false &&
    suite.spec.transfer !== undefined
  ) {
    const grpo = await writeGrpoExport({ dir, suite, results });
    files.push(...grpo.files);
    notes.push(...grpo.notes);
  }
  return { results, tables: written.tables, files, notes };
}
