import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runStatus, type WriterProbe } from '@forge/report';
import {
  guardStore,
  inspectLease,
  leaseFileName,
  openRunDatabase,
  readRunMeta,
  readRunProgress,
  StoreError,
} from '@forge/store';
import { isRunDirectory } from '../run/run-directory.js';

/** One run, as `forge runs` lists it. */
export interface RunListing {
  /** The run directory. */
  readonly runDir: string;
  /** Benchmark id. */
  readonly benchmark: string;
  /** Variant. */
  readonly variant: string;
  /**
   * `running`, `completed`, `stopped`, `failed`, `interrupted` (saved as running, but its writer
   * on this machine is gone: killed or crashed; `--resume` continues it), or `damaged` /
   * `unreadable` (see `problem`).
   */
  readonly status: string;
  /** What is wrong with a damaged or unreadable run, and what to do. */
  readonly problem?: string;
  /** When the run was created. */
  readonly createdAt: string;
  /** Completed steps. */
  readonly steps: number;
  /** Evaluations spent. */
  readonly evaluationsUsed: number;
  /** The seed's mean validation score (undefined before the seed was evaluated). */
  readonly seedScore?: number;
  /** The best mean validation score (undefined before the seed was evaluated). */
  readonly bestScore?: number;
  /** True when the run used simulated models. */
  readonly simulated: boolean;
}

/**
 * Lists the runs in `directory` (each sub-directory holding a `forge.db`, or `directory` itself),
 * newest first. A damaged or unreadable run is listed with status `damaged` or `unreadable` and
 * its `problem`, rather than failing the list.
 */
export function listRuns(directory = 'forge-runs', probe?: WriterProbe): RunListing[] {
  if (!existsSync(directory)) return [];
  const candidates = isRunDirectory(directory)
    ? [directory]
    : readdirSync(directory)
        .map((name) => join(directory, name))
        .filter((path) => isDirectory(path) && isRunDirectory(path));
  return candidates
    .map((runDir) => readRunListing(runDir, probe))
    .sort((left, right) => right.createdAt.localeCompare(left.createdAt));
}

/** True for a directory (or a link to one); false for anything else, a dangling link included. */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** One run's listing; a damaged or unreadable run is listed with its `problem`. */
export function readRunListing(runDir: string, probe?: WriterProbe): RunListing {
  try {
    const database = openRunDatabase(runDir, { readonly: true });
    try {
      return guardStore(runDir, () => listing(database, runDir, probe));
    } finally {
      database.close();
    }
  } catch (error) {
    return {
      runDir,
      benchmark: '?',
      variant: '?',
      status: StoreError.isInstance(error) && error.reason === 'corrupt' ? 'damaged' : 'unreadable',
      problem: error instanceof Error ? error.message : String(error),
      createdAt: '',
      steps: 0,
      evaluationsUsed: 0,
      simulated: false,
    };
  }
}

function listing(
  database: ReturnType<typeof openRunDatabase>,
  runDir: string,
  probe: WriterProbe | undefined,
): RunListing {
  const meta = readRunMeta(database);
  const progress = readRunProgress(database);
  return {
    runDir,
    benchmark: meta.get('benchmark') ?? '?',
    variant: meta.get('variant') ?? '?',
    status: runStatus(meta, probe, inspectLease(join(runDir, leaseFileName))),
    createdAt: meta.get('created_at') ?? '',
    steps: progress.steps,
    evaluationsUsed: progress.evaluationsUsed,
    ...(progress.seedScore === undefined ? {} : { seedScore: progress.seedScore }),
    ...(progress.bestScore === undefined ? {} : { bestScore: progress.bestScore }),
    simulated: meta.get('simulated') === 'true',
  };
}
