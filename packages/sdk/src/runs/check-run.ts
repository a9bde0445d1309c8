import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSearchState, reduceSearch, type SearchState } from '@forge/core';
import {
  type BackupInfo,
  databaseFileName,
  inspectLease,
  type LeaseState,
  leaseFileName,
  openRunDatabase,
  type RunDatabase,
  readActionLogCounts,
  readBackupInfo,
  readIntegrityProblems,
  SqliteCheckpointStore,
  SqliteRunStore,
  StoreError,
} from '@forge/store';
import { readSavedRunConfig, runConfigFileName } from '../run/run-directory.js';

/** What `checkRun` found. */
export interface RunCheck {
  /** The run directory. */
  readonly runDir: string;
  /** True when the database, the saved config, the result and the lease pass every check. */
  readonly healthy: boolean;
  /** Everything found wrong, in words (empty when healthy). */
  readonly problems: readonly string[];
  /** Completed steps and commits the database holds (when it could be read). */
  readonly steps?: number;
  readonly commits?: number;
  /** Who writes the run now, if anyone. */
  readonly lease: LeaseState;
  /** The backup, when there is one. */
  readonly backup?: BackupInfo;
  /** What to do next, in words. */
  readonly advice: string;
}

/**
 * Checks a run directory without writing to it: SQLite's full integrity check of `forge.db`,
 * then Forge's own (the action log replays through the core's reducer; the derived tables agree
 * with it), the lease (is a writer running?) and the backup (what it holds, whether it is
 * intact). The files beside the database are checked too: `config.json` must parse as a run
 * config (without it the run cannot be resumed), `result.json` when present must be whole JSON,
 * the lease must be readable, and no artifact may be a symbolic link. Says what to do when
 * something is wrong.
 */
export async function checkRun(runDir: string): Promise<RunCheck> {
  if (!existsSync(join(runDir, databaseFileName))) {
    throw new StoreError({
      reason: 'not-a-run',
      path: runDir,
      message: `${runDir} holds no Forge run (no ${databaseFileName})`,
    });
  }
  const problems: string[] = [];
  let progress: { steps: number; commits: number } | undefined;
  let database: RunDatabase | undefined;
  try {
    database = openRunDatabase(runDir, { readonly: true });
    const findings = readIntegrityProblems(database);
    problems.push(...findings.map((finding) => `integrity check: ${finding}`));
    if (findings.length === 0) progress = await checkConsistency(runDir, database, problems);
  } catch (error) {
    // A database that cannot be opened here (its directory read-only) says nothing of the run.
    if (StoreError.isInstance(error) && error.reason === 'read-only') throw error;
    problems.push(causeText(error));
  } finally {
    database?.close();
  }
  const lease = inspectLease(join(runDir, leaseFileName));
  const backup = readBackupInfo(runDir);
  const fileProblems = checkFiles(runDir, lease);
  const databaseHealthy = problems.length === 0;
  problems.push(...fileProblems);
  const healthy = problems.length === 0;
  return {
    runDir,
    healthy,
    problems,
    ...(progress === undefined ? {} : progress),
    lease,
    ...(backup === undefined ? {} : { backup }),
    advice: databaseHealthy
      ? fileAdvice(runDir, fileProblems, lease)
      : adviceFor(runDir, healthy, lease, backup),
  };
}

async function checkConsistency(
  runDir: string,
  database: RunDatabase,
  problems: string[],
): Promise<{ steps: number; commits: number }> {
  const counts = readActionLogCounts(database);
  if (counts.steps !== counts.stepActions) {
    problems.push(
      `the steps table has ${counts.steps} rows but the action log ${counts.stepActions} steps`,
    );
  }
  if (counts.commits !== counts.actionCommits) {
    problems.push(
      `${counts.commits} commits are recorded but the action log holds ${counts.actionCommits}`,
    );
  }
  const saved = await new SqliteRunStore(runDir, { database }).load();
  if (saved === undefined) {
    // Methods other than Forge's variants (GEPA, ACE, MIPROv2…) keep a checkpoint instead.
    const method = await checkMethodCheckpoint(database, problems);
    if (method !== undefined) return method;
    problems.push('the run has no header: it was created but never started');
    return { steps: 0, commits: counts.commits };
  }
  let state: SearchState = createSearchState({
    seed: saved.header.seed,
    modules: saved.header.modules,
    minibatchSize: saved.header.minibatchSize,
    trainingIds: saved.header.trainingIds,
    validationIds: saved.header.validationIds,
  });
  try {
    for (const action of saved.actions) state = reduceSearch(state, action);
  } catch (error) {
    problems.push(`the action log does not replay: ${causeText(error)}`);
  }
  return { steps: state.step, commits: counts.commits };
}

/**
 * The checkpoint of a method that is not one of Forge's variants: its header, latest state and
 * records must all read back (they are what a resume and the report read). Undefined when the
 * run holds no checkpoint either.
 */
async function checkMethodCheckpoint(
  database: RunDatabase,
  problems: string[],
): Promise<{ steps: number; commits: number } | undefined> {
  let store: SqliteCheckpointStore;
  let saved: Awaited<ReturnType<SqliteCheckpointStore['load']>>;
  try {
    store = new SqliteCheckpointStore(database);
    saved = await store.load();
  } catch (error) {
    problems.push(`the method's checkpoint cannot be read: ${causeText(error)}`);
    return { steps: 0, commits: 0 };
  }
  if (saved === undefined) return undefined;
  if (typeof saved.header?.method !== 'string') {
    problems.push("the method's checkpoint has no method in its header");
  }
  let steps = 0;
  try {
    for (const record of await store.records()) steps = Math.max(steps, record.step ?? 0);
  } catch (error) {
    problems.push(`the method's checkpoint records cannot be read: ${causeText(error)}`);
  }
  return { steps, commits: saved.saves };
}

// Written by Forge and read back (or shown) later; a link among them would be written through.
const artifactNames = [
  runConfigFileName,
  'result.json',
  'best-prompts.json',
  'synthetic.jsonl',
  'report.html',
  leaseFileName,
];

function checkFiles(runDir: string, lease: LeaseState): string[] {
  const problems: string[] = [];
  for (const name of artifactNames) {
    const file = join(runDir, name);
    let isLink = false;
    try {
      isLink = lstatSync(file).isSymbolicLink();
    } catch {
      // Absent.
    }
    if (isLink) problems.push(`${file} is a symbolic link; Forge will not write through it`);
  }
  const configFile = join(runDir, runConfigFileName);
  if (!existsSync(configFile)) {
    problems.push(`${configFile} is missing: the run cannot be resumed without it`);
  } else {
    try {
      readSavedRunConfig(runDir);
    } catch (error) {
      const detail = causeText(error).replace(`${configFile}: `, '');
      problems.push(`${configFile} is damaged (${detail}): the run cannot be resumed`);
    }
  }
  const resultFile = join(runDir, 'result.json');
  if (existsSync(resultFile)) {
    try {
      const value: unknown = JSON.parse(readFileSync(resultFile, 'utf8'));
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new Error('not a JSON object');
    } catch (error) {
      problems.push(`${resultFile} is damaged (${causeText(error)})`);
    }
  }
  if (lease.state === 'unreadable') {
    problems.push(`${join(runDir, leaseFileName)} cannot be read (${lease.reason})`);
  }
  return problems;
}

function fileAdvice(runDir: string, fileProblems: readonly string[], lease: LeaseState): string {
  const writer =
    lease.state === 'held'
      ? ` A writer is running: ${lease.holder.description} (${lease.reason}).`
      : '';
  if (fileProblems.length === 0) return `The run is healthy.${writer}`;
  return `The database is intact. Replace a damaged or linked file from a copy of the run, or remove it: result.json, best-prompts.json, synthetic.jsonl and report.html are written again when the run is resumed to its end (\`forge optimize --resume ${runDir}\`) or reported (\`forge report ${runDir}\`); config.json cannot be rebuilt, so without a copy start a new run.${writer}`;
}

function adviceFor(
  runDir: string,
  healthy: boolean,
  lease: LeaseState,
  backup: BackupInfo | undefined,
): string {
  const writer =
    lease.state === 'held'
      ? ` A writer is running: ${lease.holder.description} (${lease.reason}).`
      : '';
  if (healthy) return `The run is healthy.${writer}`;
  if (backup?.intact) {
    return `Restore its last good copy (step ${backup.step}, written ${backup.takenAt}) with \`forge runs restore ${runDir}\`, then continue with \`forge optimize --resume ${runDir}\`; steps after the backup are run again (their answers paid again).${writer}`;
  }
  if (backup !== undefined)
    return `Its backup is damaged too (${backup.problem}); start a new run.`;
  return 'There is no backup of it; start a new run.';
}

function causeText(error: unknown): string {
  if (StoreError.isInstance(error)) {
    const cause = error.cause;
    return cause instanceof Error ? cause.message : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
