import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InvalidArgumentError } from '@forge/provider';
import {
  parseSuiteResults,
  type SuiteResults,
  type SuiteTable,
  summarizeSuite,
} from '@forge/suite';
import { suiteConfigSchema } from './suite-config-schema.js';
import { isSuiteDirectory, loadSavedSuite, suiteResultsFileName } from './suite-directory.js';
import { suiteSpecOf } from './suite-spec-of.js';
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
 * for its `summary`. Useful after an upgrade of Forge's tables or report, or on a copy of a
 * suite directory.
 */
export function reportSuite(suiteDir: string): ReportSuiteResult {
  const dir = resolve(suiteDir);
  if (!isSuiteDirectory(dir)) {
    throw new InvalidArgumentError({
      argument: 'dir',
      message: `dir: ${dir} holds no suite (no suite.json); give a directory forge suite wrote`,
    });
  }
  const saved = loadSavedSuite(dir);
  const file = join(dir, suiteResultsFileName);
  if (!existsSync(file)) {
    throw new InvalidArgumentError({
      argument: 'dir',
      message: `dir: ${dir} has no ${suiteResultsFileName} yet (no cell has finished)`,
    });
  }
  const read = parseSuiteResults(readFileSync(file, 'utf8'), file);
  // A results.json written before the summary existed gains it.
  const results: SuiteResults = { ...read, summary: summarizeSuite(read.cells) };
  // Validated when the suite started; the tables need no method or benchmark package.
  const spec = suiteSpecOf(suiteConfigSchema.parse(saved.config));
  const written = writeSuiteOutputs({ dir, results, spec, labels: saved.labels });
  return { dir, results, tables: written.tables, files: written.files };
}
