import { join, resolve } from 'node:path';
import { InvalidArgumentError } from '@forge/provider';
import {
  type CellInstanceScores,
  type GrpoResults,
  type SuiteLabels,
  type SuiteResults,
  type SuiteSetting,
  type SuiteSpec,
  type SuiteTable,
  suiteTables,
} from '@forge/suite';
import { ConfigError } from '../config/config-error.js';
import { forgeAblation } from '../methods/forge-ablation.js';
import { type SuiteConfig, suiteConfigSchema } from './suite-config-schema.js';
import { isSuiteDirectory, loadSavedSuite, readSuiteResultsDocument } from './suite-directory.js';
import { suiteSettings } from './suite-settings.js';
import { suiteSpecOf } from './suite-spec-of.js';

/** What a suite directory says about itself, read without running or writing anything. */
export interface SavedSuiteReport {
  /** The suite directory, absolute. */
  readonly dir: string;
  /** The suite's name. */
  readonly name: string;
  /** The planner's view of its saved config. */
  readonly spec: SuiteSpec;
  /** Method and benchmark titles. */
  readonly labels: SuiteLabels;
  /** The settings behind its numbers (`suiteSettings` of its saved config). */
  readonly settings: readonly SuiteSetting[];
  /** Its saved config, validated (credentials were never saved). */
  readonly config: SuiteConfig;
}

/**
 * Opens a suite directory for reporting: its `suite.json` is read and its config validated, so
 * the tables need no method or benchmark package. @throws InvalidArgumentError when `dir` holds
 * no suite, ConfigError naming `suite.json` when it cannot be read.
 */
export function readSavedSuiteReport(suiteDir: string): SavedSuiteReport {
  const dir = resolve(suiteDir);
  if (!isSuiteDirectory(dir)) {
    throw new InvalidArgumentError({
      argument: 'dir',
      message: `dir: ${dir} holds no suite (no suite.json); give a directory forge suite wrote`,
    });
  }
  const saved = loadSavedSuite(dir);
  const config = suiteConfigSchema.safeParse(saved.config);
  if (!config.success) {
    const issue = config.error.issues[0];
    throw new ConfigError({
      file: join(dir, 'suite.json'),
      field: ['config', ...(issue?.path ?? []).map(String)].join('.'),
      message: issue?.message ?? 'not a suite config',
    });
  }
  return {
    dir,
    name: saved.name,
    spec: suiteSpecOf(config.data),
    labels: saved.labels ?? {},
    settings: suiteSettings(config.data),
    config: config.data,
  };
}

/**
 * A suite directory's `results.json` (undefined before any cell has finished), a `done` cell of
 * an older file whose stop reason names a cap read as `stopped` (`readSuiteResultsDocument`).
 */
export function readSuiteResultsFile(dir: string): SuiteResults | undefined {
  return readSuiteResultsDocument(dir);
}

/** The tables of a suite's results, as `forge suite` writes them. */
export function suiteTablesOf(
  saved: SavedSuiteReport,
  results: SuiteResults,
  instanceScores?: CellInstanceScores,
  grpo: { readonly grpo?: GrpoResults; readonly grpoProblem?: string } = {},
): SuiteTable[] {
  return suiteTables({
    results,
    spec: saved.spec,
    ablation: forgeAblation,
    labels: saved.labels,
    ...(instanceScores === undefined ? {} : { instanceScores }),
    ...(grpo.grpo === undefined ? {} : { grpo: grpo.grpo }),
    ...(grpo.grpoProblem === undefined ? {} : { grpoProblem: grpo.grpoProblem }),
  });
}
