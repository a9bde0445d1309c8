import { existsSync } from 'node:fs';
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
  readBackupInfo,
  SqliteRunStore,
  StoreError,
} from '@forge/store';

/** What `checkRun` found. */
export interface RunCheck {
  /** The run directory. */
  readonly runDir: string;
  /** True when the database passes every check. */
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
 * intact). Says what to do when something is wrong.
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
    const integrity = database.pragma('integrity_check') as { integrity_check: string }[];
    const findings = integrity.map((row) => row.integrity_check).filter((text) => text !== 'ok');
    problems.push(...findings.map((finding) => `integrity check: ${finding}`));
    if (findings.length === 0) progress = await checkConsistency(runDir, database, problems);
  } catch (error) {
    problems.push(causeText(error));
  } finally {
    database?.close();
  }
  const lease = inspectLease(join(runDir, leaseFileName));
  const backup = readBackupInfo(runDir);
  const healthy = problems.length === 0;
  return {
    runDir,
    healthy,
    problems,
    ...(progress === undefined ? {} : progress),
    lease,
    ...(backup === undefined ? {} : { backup }),
    advice: adviceFor(runDir, healthy, lease, backup),
  };
}

async function checkConsistency(
  runDir: string,
  database: RunDatabase,
  problems: string[],
): Promise<{ steps: number; commits: number }> {
  const counts = database
    .prepare(
      `SELECT (SELECT count(*) FROM steps) AS steps,
        (SELECT count(*) FROM actions WHERE type = 'step-completed') AS stepActions,
        (SELECT count(*) FROM commits) AS commits,
        (SELECT count(DISTINCT commit_seq) FROM actions) AS actionCommits`,
    )
    .get() as { steps: number; stepActions: number; commits: number; actionCommits: number };
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
