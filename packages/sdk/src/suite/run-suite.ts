import { join, resolve } from 'node:path';
import {
  type CellFilter,
  collectSuiteResults,
  defaultCellRunDir,
  executeSuite,
  parseCellFilter,
  parseShard,
  type Shard,
  type SuiteCellResult,
  SuitePlanError,
  type SuiteResults,
  type SuiteTable,
  selectCells,
} from '@forge/suite';
import { ConfigError } from '../config/config-error.js';
import type { RawConfig } from '../config/load-config.js';
import { type PreparedSuite, prepareSuite } from './prepare-suite.js';
import { createSuiteCellRunner } from './suite-cell-runner.js';
import type { SuiteConfigInput } from './suite-config-schema.js';
import {
  checkSuiteDirectory,
  loadSavedSuite,
  readSuiteResults,
  saveSuite,
  suitePlanFileName,
  writeAtomically,
} from './suite-directory.js';
import type { SuiteRunEvent } from './suite-run-events.js';
import { writeGrpoExport } from './write-grpo-export.js';
import { writeSuiteOutputs } from './write-suite-outputs.js';

/** Options of `runSuite` besides the config. */
export interface RunSuiteOptions {
  /** The suite directory: `suite.json`, `plan.json`, `results.json`, tables, `cells/<id>/` run directories. */
  readonly dir: string;
  /** Continue the suite in `dir`: done cells are never run again, cut cells continue. */
  readonly resume?: boolean;
  /** Run only the cells matching this filter (`benchmark=…,method=…`), and what they need. */
  readonly only?: string | CellFilter;
  /** Run only these cell ids, and what they need. */
  readonly cells?: readonly string[];
  /** Run only this shard's rows (`i/n`). */
  readonly shard?: string | Shard;
  /** Where the config came from, for error messages. Default `<options>`. */
  readonly configFile?: string;
  /** The line of a config field in `configFile`. */
  readonly configLineOf?: (path: readonly PropertyKey[]) => number | undefined;
  /** Receives every event: the suite's, and each cell's own (`cell-progress`). */
  readonly onEvent?: (event: SuiteRunEvent) => void;
  /** Graceful stop: the running cell stops after its current step, saves, and the suite ends. */
  readonly stopSignal?: AbortSignal;
  /** Immediate stop: in-flight calls are aborted; every cell stays at its last save. */
  readonly abortSignal?: AbortSignal;
  /** Environment to read API keys from. Default `process.env`. */
  readonly environment?: Record<string, string | undefined>;
}

/** What a suite invocation ended with. */
export interface RunSuiteResult {
  /** The suite directory. */
  readonly dir: string;
  /** Every cell's result (`results.json`). */
  readonly results: SuiteResults;
  /** The tables written. */
  readonly tables: readonly SuiteTable[];
  /** Files written, relative to `dir`. */
  readonly files: readonly string[];
  /** Cells run by this invocation. */
  readonly ran: readonly string[];
  /** Cells that failed (of the ones this invocation visited). */
  readonly failed: readonly string[];
  /** True when a stop request ended it early. */
  readonly stopped: boolean;
}

/**
 * Runs a benchmark suite: methods × benchmarks × task models × optimizer models × seeds, each
 * cell an ordinary run directory under `dir`. Per (benchmark, task model, optimizer model, seed)
 * the reference method (Forge) runs first to completion and its completed evaluation count
 * becomes the ceiling of every other method of the row (B.4); selection uses validation only and
 * test is evaluated for reporting. After every cell `results.json` and the tables are rewritten,
 * so a suite killed at any moment resumes (`resume: true`) without paying for a finished cell
 * again and ends with the results of an uninterrupted suite.
 */
export async function runSuite(
  config: SuiteConfigInput | undefined,
  options: RunSuiteOptions,
): Promise<RunSuiteResult> {
  const dir = resolve(options.dir);
  const resume = options.resume === true;
  checkSuiteDirectory(dir, resume);
  const saved = resume ? loadSavedSuite(dir) : undefined;
  const raw: Pick<RawConfig, 'file' | 'value'> & Partial<Pick<RawConfig, 'lineOf'>> =
    config === undefined && saved !== undefined
      ? { file: join(dir, 'suite.json'), value: saved.config }
      : {
          file: options.configFile ?? '<options>',
          value: config,
          ...(options.configLineOf === undefined ? {} : { lineOf: options.configLineOf }),
        };
  const suite = await prepareSuite(raw, {
    ...(options.environment === undefined ? {} : { environment: options.environment }),
    ...(saved === undefined ? {} : { name: saved.name }),
  });
  if (saved !== undefined && saved.digest !== suite.digest) {
    throw new ConfigError({
      file: raw.file,
      message: `differs from the config ${dir} was started with (digest ${saved.digest}, now ${suite.digest}); resume a suite with its own config, or start a new directory`,
    });
  }
  const selected = selection(suite, options);
  if (saved === undefined) {
    saveSuite(dir, {
      formatVersion: 1,
      name: suite.name,
      digest: suite.digest,
      config: suite.config,
      labels: suite.labels,
    });
  }
  writeAtomically(join(dir, suitePlanFileName), `${JSON.stringify(suite.plan, null, 2)}\n`);
  const emit = (event: SuiteRunEvent) => options.onEvent?.(event);
  emit({
    type: 'suite-prepared',
    dir,
    name: suite.name,
    digest: suite.digest,
    resumed: saved !== undefined,
    cells: suite.plan.cells.length,
    simulated: suite.simulated,
  });
  const previous = readSuiteResults(dir);
  const outputs = (results: ReadonlyMap<string, SuiteCellResult>) =>
    writeSuiteOutputs({
      dir,
      results: collectSuiteResults({
        plan: suite.plan,
        name: suite.name,
        digest: suite.digest,
        results,
        runDirOf: defaultCellRunDir,
      }),
      spec: suite.spec,
      labels: suite.labels,
    });
  const execution = await executeSuite({
    cells: selected.cells,
    previous,
    addedDependencies: selected.addedDependencies,
    total: suite.plan.cells.length,
    runCell: createSuiteCellRunner({
      config: suite.config,
      suiteDir: dir,
      ...(options.environment === undefined ? {} : { environment: options.environment }),
      ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
      onCellEvent: (cell, event) => emit({ type: 'cell-progress', cell, event }),
    }),
    onResult: (_result, results) => {
      outputs(results);
    },
    onEvent: emit,
    ...(options.stopSignal === undefined ? {} : { stopSignal: options.stopSignal }),
  });
  const written = outputs(execution.results);
  const results = collectSuiteResults({
    plan: suite.plan,
    name: suite.name,
    digest: suite.digest,
    results: execution.results,
    runDirOf: defaultCellRunDir,
  });
  const files = [...written.files];
  if (suite.config.transfer?.grpoExport !== false && suite.spec.transfer !== undefined) {
    files.push(...(await writeGrpoExport({ dir, suite, results })));
  }
  emit({ type: 'suite-outputs-written', dir, files });
  const visited = new Set(selected.cells.map((cell) => cell.id));
  return {
    dir,
    results,
    tables: written.tables,
    files,
    ran: execution.ran,
    failed: results.cells
      .filter((cell) => visited.has(cell.id) && cell.status === 'failed')
      .map((cell) => cell.id),
    stopped: execution.stopped,
  };
}

function selection(suite: PreparedSuite, options: RunSuiteOptions) {
  try {
    return selectCells(suite.plan, {
      ...(options.only === undefined
        ? {}
        : {
            only: typeof options.only === 'string' ? parseCellFilter(options.only) : options.only,
          }),
      ...(options.cells === undefined ? {} : { cells: options.cells }),
      ...(options.shard === undefined
        ? {}
        : { shard: typeof options.shard === 'string' ? parseShard(options.shard) : options.shard }),
    });
  } catch (error) {
    if (!SuitePlanError.isInstance(error)) throw error;
    throw new ConfigError({
      file: '<options>',
      field: error.field,
      message: error.message.replace(/^[^:]*: /, ''),
      cause: error,
    });
  }
}
