import {
  type CellFilter,
  executeSuite,
  type Shard,
  type SuiteResults,
  type SuiteTable,
} from '@forge/suite';
import { openSuite } from './open-suite.js';
import { createSuiteCellRunner } from './suite-cell-runner.js';
import type { SuiteInput } from './suite-config-schema.js';
import type { SuiteRunEvent } from './suite-run-events.js';
import { writeSuiteFiles } from './write-suite-files.js';

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
  config: SuiteInput | undefined,
  options: RunSuiteOptions,
): Promise<RunSuiteResult> {
  const { dir, suite, selected, previous } = await openSuite(config, options);
  const emit = (event: SuiteRunEvent) => options.onEvent?.(event);
  const execution = await executeSuite({
    cells: selected.cells,
    previous,
    addedDependencies: selected.addedDependencies,
    total: suite.plan.cells.length,
    runCell: createSuiteCellRunner({
      config: suite.config,
      objects: suite.objects,
      suiteDir: dir,
      ...(options.environment === undefined ? {} : { environment: options.environment }),
      ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
      onCellEvent: (cell, event) => emit({ type: 'cell-progress', cell, event }),
    }),
    onResult: async (_result, results) => {
      await writeSuiteFiles(dir, suite, results, { final: false });
    },
    onEvent: emit,
    ...(options.stopSignal === undefined ? {} : { stopSignal: options.stopSignal }),
  });
  const { results, tables, files } = await writeSuiteFiles(dir, suite, execution.results);
  emit({ type: 'suite-outputs-written', dir, files });
  const visited = new Set(selected.cells.map((cell) => cell.id));
  return {
    dir,
    results,
    tables,
    files,
    ran: execution.ran,
    failed: results.cells
      .filter((cell) => visited.has(cell.id) && cell.status === 'failed')
      .map((cell) => cell.id),
    stopped: execution.stopped,
  };
}
