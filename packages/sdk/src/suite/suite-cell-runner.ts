import { existsSync, lstatSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { optimizerUsage } from '@forge/method';
import {
  databaseFileName,
  describeLeaseHolder,
  inspectLease,
  LeaseHeldError,
  leaseFileName,
} from '@forge/store';
import { type CellRunner, cellIdentity, type SuiteCell, type SuiteCellResult } from '@forge/suite';
import { ConfigError } from '../config/config-error.js';
import { attachObjectInputs, type ObjectInputs } from '../inputs/object-inputs.js';
import { loadMethod } from '../methods/method-registry.js';
import { type OptimizeResult, optimize } from '../run/optimize.js';
import { isRunDirectory, runConfigFileName } from '../run/run-directory.js';
import type { ForgeEvent } from '../run/sdk-events.js';
import { cellRunConfig } from './cell-run-config.js';
import { cellEndOf, type SuiteBudget } from './cell-stop.js';
import { cellVersions } from './cell-versions.js';
import { suiteBenchmarkId } from './load-suite-config.js';
import type { SuiteConfig } from './suite-config-schema.js';

/**
 * The sdk's cell runner: every cell is an ordinary run directory under the suite directory, run
 * by `optimize` — continued with `--resume` semantics when a run was cut part-way (answers already
 * paid for come from its cache), started fresh otherwise. A transfer cell's extra training data
 * is the `synthetic.jsonl` of its source cell.
 */
export function createSuiteCellRunner(options: {
  readonly config: SuiteConfig;
  /** Objects the suite was given (the library API): put back into each cell's config. */
  readonly objects?: ObjectInputs;
  readonly suiteDir: string;
  readonly environment?: Record<string, string | undefined>;
  readonly abortSignal?: AbortSignal;
  readonly onCellEvent?: (cell: SuiteCell, event: ForgeEvent) => void;
}): CellRunner {
  return async (cell, ceiling, context) => {
    const runDir = join(options.suiteDir, context.runDir);
    // A suite directory may come from someone else: no run is written through a link in cells/.
    assertNoLinkOnTheWay(options.suiteDir, context.runDir);
    const extraTrain: string[] = [];
    if (cell.trainingFrom !== null) {
      const source = context.results.get(cell.trainingFrom);
      const file = join(options.suiteDir, source?.runDir ?? '', 'synthetic.jsonl');
      if (source === undefined || !existsSync(file)) {
        throw new Error(
          `the transfer source ${cell.trainingFrom} wrote no synthetic.jsonl (its method admits no synthetic data)`,
        );
      }
      extraTrain.push(file);
    }
    const method = await loadMethod(cell.method);
    const runConfig = cellRunConfig({
      config: options.config,
      cell,
      ceiling,
      runDir,
      extraTrain,
      methodRoles: method.roles,
    });
    const resumable = isRunDirectory(runDir) && existsSync(join(runDir, runConfigFileName));
    // A directory cut before its config was saved has nothing to resume (no work is paid for
    // before the config is written): start it again.
    if (!resumable && existsSync(runDir)) {
      // Only a run directory Forge made, inside the suite's `cells/`, reached without a link.
      assertOwnRunDirectory(options.suiteDir, context.runDir);
      // Never from under a live writer (another worker, someone's `forge optimize`).
      const leasePath = join(runDir, leaseFileName);
      const lease = inspectLease(leasePath);
      if (lease.state === 'held') {
        throw new LeaseHeldError({
          path: leasePath,
          holder: lease.holder,
          message: `the run directory ${runDir} is in use: ${describeLeaseHolder(lease.holder, Date.now())}`,
        });
      }
      rmSync(runDir, { recursive: true, force: true });
    }
    mkdirSync(dirname(runDir), { recursive: true });
    const cellConfig =
      options.objects === undefined ? runConfig : attachObjectInputs(runConfig, options.objects);
    let title = cell.benchmark;
    const result = await optimize(cellConfig, {
      ...(resumable ? { resume: runDir } : {}),
      ...(options.environment === undefined ? {} : { environment: options.environment }),
      ...(context.stopSignal === undefined ? {} : { stopSignal: context.stopSignal }),
      ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
      suiteCell: { id: cell.id, arm: cell.arm, role: cell.role },
      onEvent: (event) => {
        if (event.type === 'run-prepared') title = event.title;
        options.onCellEvent?.(cell, event);
      },
    });
    const entry = options.config.benchmarks.find(
      (candidate) => suiteBenchmarkId(candidate) === cell.benchmark,
    );
    const ownBenchmark =
      options.objects?.benchmarks?.has(cell.benchmark) === true ||
      (typeof entry === 'object' && entry.program !== undefined);
    return cellResultOf(cell, result, context.runDir, runConfig.budget?.maxEvaluations ?? null, {
      notes: cellNotes(cell, title),
      versions: cellVersions({ method: cell.method, benchmark: cell.benchmark, ownBenchmark }),
      budget: options.config.budget,
    });
  };
}

/**
 * Refuses a cell whose run directory lies through a symbolic link (or a file) below the suite
 * directory: a link planted in `cells/` would make the run, its database and its files land
 * wherever it points. Parts not made yet are fine: Forge makes them.
 * @throws ConfigError naming the link.
 */
function assertNoLinkOnTheWay(suiteDir: string, relativeRunDir: string): void {
  let path = suiteDir;
  for (const part of relativeRunDir.split('/')) {
    path = join(path, part);
    let isDirectory: boolean;
    try {
      isDirectory = lstatSync(path).isDirectory();
    } catch {
      return;
    }
    if (!isDirectory) {
      throw new ConfigError({
        file: path,
        message: `is not a plain directory (a symbolic link or a file) inside the suite's cells/; Forge writes no run directory through it (it may lead outside the suite): remove it, then run again`,
      });
    }
  }
}

/**
 * Refuses to clear a cell's directory that Forge did not make: it must lie under the suite's
 * `cells/`, every part of its path below the suite directory must be a real directory (not a
 * symbolic link), and it must hold a Forge run's lease or database, or nothing. Anything else
 * there is somebody else's: it is reported, never deleted.
 * @throws ConfigError naming the directory.
 */
function assertOwnRunDirectory(suiteDir: string, relativeRunDir: string): void {
  const parts = relativeRunDir.split('/');
  const plain = parts.length >= 2 && parts[0] === 'cells';
  let path = suiteDir;
  for (const part of plain ? parts : []) {
    if (part === '' || part === '.' || part === '..') break;
    path = join(path, part);
    if (!lstatSync(path).isDirectory()) {
      throw new ConfigError({
        file: path,
        message: `is not a plain directory (a symbolic link or a file) inside the suite's cells/; Forge will not clear a cell's run directory through it`,
      });
    }
  }
  const runDir = join(suiteDir, relativeRunDir);
  if (!plain || path !== runDir) {
    throw new ConfigError({
      file: runDir,
      message: `is not a run directory under the suite's cells/; Forge will not clear it`,
    });
  }
  const made =
    existsSync(join(runDir, leaseFileName)) ||
    existsSync(join(runDir, databaseFileName)) ||
    readdirSync(runDir).length === 0;
  if (!made) {
    throw new ConfigError({
      file: runDir,
      message: `holds no Forge run (no ${leaseFileName}, no ${databaseFileName}) and was not made by Forge; move it away to run this cell`,
    });
  }
}

/** A cell's entry in `results.json`, from its run's result. */
export function cellResultOf(
  cell: SuiteCell,
  result: OptimizeResult,
  runDir: string,
  maxEvaluations: number | null,
  extra: {
    readonly notes?: readonly string[];
    readonly versions?: Readonly<Record<string, string>>;
    /** The suite's budget: which caps could stop the cell. Without it, only a stop request is told apart. */
    readonly budget?: SuiteBudget;
  } = {},
): SuiteCellResult {
  const usage = result.usage;
  const tokens = Object.values(usage).reduce(
    (total, role) => ({
      input: total.input + role.inputTokens,
      output: total.output + role.outputTokens,
    }),
    { input: 0, output: 0 },
  );
  const summary = result.result.summary;
  const attempts = summary?.['synthesisAttempts'];
  const optimizerCostUsd = optimizerUsage(usage).costUsd;
  // Stopped on request: pending, so the next invocation continues it; stopped by a cap: never
  // `done`, so its count is no silent ceiling.
  const end = cellEndOf({
    cell,
    stopReason: result.reason,
    budget: extra.budget ?? { maxEvaluations: maxEvaluations ?? 0, stopAtCompletion: false },
    at: { evaluations: result.evaluationsUsed, costUsd: result.costUsd, optimizerCostUsd },
  });
  return {
    ...cellIdentity(cell),
    status: end.status,
    ...(end.stop === undefined ? {} : { stop: end.stop }),
    ceiling: null,
    maxEvaluations,
    evaluationsUsed: result.evaluationsUsed,
    exceededCeiling: false,
    ...(result.result.ceilingNote === undefined ? {} : { ceilingNote: result.result.ceilingNote }),
    seedValidation: result.seedScore,
    bestValidation: result.bestScore,
    seedTest: result.testSeedScore ?? null,
    bestTest: result.testBestScore ?? null,
    // The run's cumulative usage from its database, which a resumed run carries over.
    costUsd: result.costUsd,
    optimizerCostUsd,
    runDir,
    stopReason: result.reason,
    simulated: result.simulated,
    ...(result.extraTraining > 0 ? { extraTraining: result.extraTraining } : {}),
    ...(typeof attempts === 'number'
      ? {
          synthesis: {
            events: numberOr(summary?.['synthesisEvents']),
            attempts,
            admitted: numberOr(summary?.['admitted']),
            outcomes: (summary?.['synthesisOutcomes'] as Record<string, number> | undefined) ?? {},
          },
        }
      : {}),
    curve: result.result.history.map((point) => ({
      evaluationsUsed: point.evaluationsUsed,
      bestValidation: point.bestValidation,
    })),
    tokens,
    ...(extra.notes === undefined || extra.notes.length === 0 ? {} : { notes: extra.notes }),
    ...(extra.versions === undefined ? {} : { versions: extra.versions }),
  };
}

/** The Forge variants that synthesize training data. */
const synthesizingMethods = new Set(['forge', 'failure-memory', 'random-synthesis']);

/**
 * What a reader of the suite must know about a cell: a synthesizing method on a benchmark that
 * cannot synthesize (AppWorld without a task-authoring backend says so in its title) ran prompt
 * search only.
 */
export function cellNotes(cell: SuiteCell, benchmarkTitle: string): string[] {
  if (!synthesizingMethods.has(cell.method) || !/prompt search only/i.test(benchmarkTitle))
    return [];
  return [
    `${cell.method} on ${cell.benchmark} ran prompt search only: the benchmark has no task-authoring backend, so no synthesis event ran (${benchmarkTitle}).`,
  ];
}

function numberOr(value: unknown): number {
  return typeof value === 'number' ? value : 0;
}
