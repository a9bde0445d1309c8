import { executeSuite, StatisticsMemo } from '@forge/suite';
import { openSuite } from './open-suite.js';
import type { RunSuiteOptions, RunSuiteResult } from './run-suite-options.js';
import { createSuiteCellRunner } from './suite-cell-runner.js';
import type { SuiteInput } from './suite-config-schema.js';
import type { SuiteRunEvent } from './suite-run-events.js';
import { writeSuiteFiles } from './write-suite-files.js';

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
  // The tables are rewritten after every cell: their statistics are recomputed only where cells changed.
  const memo = new StatisticsMemo();
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
      await writeSuiteFiles(dir, suite, results, { final: false, memo });
    },
    onEvent: emit,
    ...(options.stopSignal === undefined ? {} : { stopSignal: options.stopSignal }),
    allowTruncatedCeilings: suite.config.alignment.allowTruncatedCeilings === true,
  });
  const { results, tables, files, notes } = await writeSuiteFiles(dir, suite, execution.results, {
    memo,
  });
  emit({ type: 'suite-outputs-written', dir, files, notes });
  const visited = new Set(selected.cells.map((cell) => cell.id));
  return {
    dir,
    results,
    tables,
    files,
    notes,
    ran: execution.ran,
    failed: results.cells
      .filter((cell) => visited.has(cell.id) && cell.status === 'failed')
      .map((cell) => cell.id),
    refused: execution.refused,
    stopped: execution.stopped,
  };
}
