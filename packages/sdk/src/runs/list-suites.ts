import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { WriterProbe } from '@forge/report';
import { planSuite, type SuiteCell, type SuiteCellResult } from '@forge/suite';
import { isRunDirectory } from '../run/run-directory.js';
import { readSavedSuiteReport, readSuiteResultsFile } from '../suite/read-saved-suite-report.js';
import { isSuiteDirectory } from '../suite/suite-directory.js';
import { isDirectory, readRunListing } from './list-runs.js';

/** One cell of a suite, as `forge runs` lists it. */
export interface SuiteCellListing {
  /** The cell's id (`benchmark/method/task-model/optimizer-model/seed-N`, `…/augmented`). */
  readonly id: string;
  /** The cell's run directory (`<suite dir>/cells/<id>`); `forge runs check` takes it. */
  readonly runDir: string;
  /** Benchmark id. */
  readonly benchmark: string;
  /** Method id. */
  readonly method: string;
  /** Task-model label. */
  readonly taskModel: string;
  /** Optimizer-model label. */
  readonly optimizerModel: string;
  /** Seed. */
  readonly seed: number;
  /** Training data: `original`, or `augmented` in the transfer study. */
  readonly arm: string;
  /**
   * `done` or `failed` (from `results.json`); for a cell without a result, its run's status
   * (`running`, `interrupted`, `stopped`, `completed`, `damaged`, `unreadable`) or `pending`
   * when it has not started.
   */
  readonly status: string;
  /** What is wrong with the cell's directory, when something is. */
  readonly problem?: string;
  /** Task evaluations spent, when known. */
  readonly evaluationsUsed?: number;
  /** The selected candidate's mean validation score, when known. */
  readonly bestValidation?: number;
  /** The selected candidate's mean test score, when the cell is done and test was evaluated. */
  readonly bestTest?: number;
  /** True when the cell ran on simulated models. */
  readonly simulated: boolean;
}

/** A suite directory, as `forge runs` lists it. */
export interface SuiteListing {
  /** The suite directory. */
  readonly suiteDir: string;
  /** The suite's name (undefined when its `suite.json` cannot be read). */
  readonly name?: string;
  /** What is wrong with the suite's own files (`suite.json`, `results.json`), when something is. */
  readonly problem?: string;
  /** Every planned cell, in plan order (empty when `suite.json` cannot be read). */
  readonly cells: readonly SuiteCellListing[];
}

/**
 * The suites in `directory`: the directory itself when it holds a suite, else each
 * sub-directory that does, by name. Nothing is written; a suite whose files are damaged or
 * hostile is listed with its `problem` rather than failing the list.
 */
export function listSuites(directory = 'forge-runs', probe?: WriterProbe): SuiteListing[] {
  if (!existsSync(directory)) return [];
  if (isSuiteDirectory(directory)) return [listSuite(directory, probe)];
  if (!isDirectory(directory)) return [];
  return readdirSync(directory)
    .sort()
    .map((name) => join(directory, name))
    .filter((path) => isDirectory(path) && isSuiteDirectory(path))
    .map((path) => listSuite(path, probe));
}

/**
 * Lists a suite's cells from its saved config (every planned cell), its `results.json` (status
 * and scores of finished cells) and each unfinished cell's run directory (a cell in progress,
 * interrupted or damaged). The cell directories are the planned `cells/<id>`, never paths read
 * from `results.json`, and a symbolic link on the way is reported, not followed.
 */
export function listSuite(suiteDir: string, probe?: WriterProbe): SuiteListing {
  let saved: ReturnType<typeof readSavedSuiteReport>;
  let planned: readonly SuiteCell[];
  try {
    saved = readSavedSuiteReport(suiteDir);
    planned = planSuite(saved.spec).cells;
  } catch (error) {
    return { suiteDir, problem: messageOf(error), cells: [] };
  }
  let problem: string | undefined;
  let results = new Map<string, SuiteCellResult>();
  try {
    results = new Map(readSuiteResultsFile(saved.dir)?.cells.map((cell) => [cell.id, cell]));
  } catch (error) {
    problem = `${messageOf(error)}; the cells' own run directories are listed instead`;
  }
  return {
    suiteDir,
    name: saved.name,
    ...(problem === undefined ? {} : { problem }),
    cells: planned.map((cell) => cellListing(suiteDir, cell, results.get(cell.id), probe)),
  };
}

function cellListing(
  suiteDir: string,
  cell: SuiteCell,
  result: SuiteCellResult | undefined,
  probe: WriterProbe | undefined,
): SuiteCellListing {
  const runDir = join(suiteDir, 'cells', cell.id);
  const base = {
    id: cell.id,
    runDir,
    benchmark: cell.benchmark,
    method: cell.method,
    taskModel: cell.taskModel,
    optimizerModel: cell.optimizerModel,
    seed: cell.seed,
    arm: cell.arm,
  };
  const unsafe = unsafePath(suiteDir, runDir);
  if (unsafe !== undefined) {
    return {
      ...base,
      status: 'unreadable',
      problem: unsafe,
      simulated: result?.simulated ?? false,
    };
  }
  if (result !== undefined && result.status !== 'pending') {
    return {
      ...base,
      status: result.status,
      ...(result.error === undefined ? {} : { problem: result.error }),
      ...(result.evaluationsUsed === null ? {} : { evaluationsUsed: result.evaluationsUsed }),
      ...(result.bestValidation === null ? {} : { bestValidation: result.bestValidation }),
      ...(result.bestTest === null ? {} : { bestTest: result.bestTest }),
      simulated: result.simulated,
    };
  }
  if (!isRunDirectory(runDir)) return { ...base, status: 'pending', simulated: false };
  const run = readRunListing(runDir, probe);
  return {
    ...base,
    status: run.status,
    ...(run.problem === undefined ? {} : { problem: run.problem }),
    ...(run.evaluationsUsed > 0 ? { evaluationsUsed: run.evaluationsUsed } : {}),
    ...(run.bestScore === undefined ? {} : { bestValidation: run.bestScore }),
    simulated: run.simulated,
  };
}

/**
 * Why the cell directory may not be read: it would lie outside the suite's `cells/`, or a
 * symbolic link stands on the way to it (a suite directory may come from anyone).
 */
function unsafePath(suiteDir: string, runDir: string): string | undefined {
  const inside = relative(suiteDir, runDir);
  if (inside.startsWith('..') || inside.split(sep)[0] !== 'cells') {
    return `${runDir} lies outside the suite's cells directory`;
  }
  let path = suiteDir;
  for (const part of inside.split(sep)) {
    path = join(path, part);
    try {
      if (lstatSync(path).isSymbolicLink()) {
        return `${path} is a symbolic link; a suite's cells are real directories (Forge does not follow it)`;
      }
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
