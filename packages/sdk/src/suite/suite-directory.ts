import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidArgumentError } from '@forge/provider';
import { writeFileSafely } from '@forge/store';
import {
  parseSuiteResults,
  type SuiteCellResult,
  type SuiteLabels,
  type SuiteResults,
} from '@forge/suite';
import { ConfigError } from '../config/config-error.js';
import type { ForgeConfig } from '../config/forge-config-schema.js';
import { redactConfig } from '../run/run-directory.js';
import { withRecordedStops } from './cell-stop.js';
import { type SuiteConfig, suiteConfigSchema } from './suite-config-schema.js';

/** The suite's saved config, so `--resume` and `forge suite merge` need nothing else. */
export const suiteFileName = 'suite.json';
/** The results of every cell. */
export const suiteResultsFileName = 'results.json';
/** What produced the tables (Forge versions, config digest, settings), beside their CSVs. */
export const suiteProvenanceFileName = 'tables/provenance.json';
/** The plan as data (cells, dependencies, ceilings), for queues and tools. */
export const suitePlanFileName = 'plan.json';

/** What `suite.json` holds. */
export interface SavedSuite {
  /** Layout version. */
  readonly formatVersion: 1;
  /** The suite's name. */
  readonly name: string;
  /** Digest of the deciding config. */
  readonly digest: string;
  /** The config (credential-like fields redacted). */
  readonly config: SuiteConfig;
  /** Method and benchmark titles, so tables can be redrawn where the packages are not loaded. */
  readonly labels: SuiteLabels;
  /**
   * Config fields that held objects (model or benchmark objects given to `runSuite`); their names
   * are saved in their place, and a resume must be given the objects again.
   */
  readonly objectInputs?: readonly string[];
}

/** True when the directory holds a suite. */
export function isSuiteDirectory(dir: string): boolean {
  return existsSync(join(dir, suiteFileName));
}

/** Reads a suite directory's saved config. @throws ConfigError naming the file. */
export function loadSavedSuite(dir: string): SavedSuite {
  const file = join(dir, suiteFileName);
  if (!existsSync(file)) {
    throw new ConfigError({
      file: dir,
      message: 'no suite here (no suite.json); check the directory',
    });
  }
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedSuite;
    if (saved.formatVersion !== 1 || typeof saved.digest !== 'string')
      throw new Error('unknown layout');
    return saved;
  } catch (error) {
    throw new ConfigError({
      file,
      message: `cannot read the suite: ${(error as Error).message}`,
      cause: error,
    });
  }
}

/** Saves the suite's config. */
export function saveSuite(dir: string, saved: SavedSuite): void {
  writeSuiteFile(
    dir,
    suiteFileName,
    `${JSON.stringify({ ...saved, config: redactConfig(saved.config as unknown as ForgeConfig) }, null, 2)}\n`,
  );
}

/** The results already in a suite directory, by cell id (empty when it has none). */
export function readSuiteResults(dir: string): Map<string, SuiteCellResult> {
  const results = readSuiteResultsDocument(dir);
  return new Map((results?.cells ?? []).map((cell) => [cell.id, cell]));
}

/**
 * A suite directory's `results.json` (undefined before any cell has finished), read as it would
 * be recorded now: a `done` cell written before cells recorded their stop, whose stop reason
 * names a cap, reads as `stopped` (`withRecordedStops`).
 */
export function readSuiteResultsDocument(dir: string): SuiteResults | undefined {
  const file = join(dir, suiteResultsFileName);
  if (!existsSync(file)) return undefined;
  const results = parseSuiteResults(readFileSync(file, 'utf8'), file);
  if (!isSuiteDirectory(dir)) return results;
  // Its config was valid when the suite started; one that no longer reads is reported elsewhere.
  const config = suiteConfigSchema.safeParse(loadSavedSuite(dir).config);
  return config.success ? withRecordedStops(results, config.data) : results;
}

/** Refuses to start a suite over another one, or to resume where there is none. */
export function checkSuiteDirectory(dir: string, resume: boolean): void {
  if (!resume && isSuiteDirectory(dir)) {
    throw new InvalidArgumentError({
      argument: 'dir',
      message: `dir: ${dir} already holds a suite; continue it with --resume, or choose another directory`,
    });
  }
  if (resume && !isSuiteDirectory(dir)) {
    throw new InvalidArgumentError({
      argument: 'dir',
      message: `dir: ${dir} holds no suite to resume (no suite.json)`,
    });
  }
}

/**
 * Writes a file of a suite directory (`name` may hold `/`): atomically, never through a link, and
 * never outside `dir` (see `writeFileSafely`).
 */
export function writeSuiteFile(dir: string, name: string, text: string): void {
  writeFileSafely(join(dir, name), text, { within: dir });
}
