import type { MethodResult } from '@forge/method';
import { type RoleAnswers, readRunAnswers, readRunUsage, type SqliteRunStore } from '@forge/store';
import type { LeakageAudit } from '@forge/synth';
import { isForgeMethodResult } from '../methods/forge-method.js';
import { answerWarnings } from './answer-ledger.js';
import type { TestSplitScores } from './evaluate-test-split.js';
import type { OptimizeResult } from './optimize-options.js';
import type { PreparedRun } from './prepare-run.js';
import type { RunModels } from './run-models.js';
import { runUnpricedModels } from './run-unpriced-models.js';
import type { ForgeEvent, ForgeRunEndEvent } from './sdk-events.js';
import { writeRunArtifacts } from './write-run-artifacts.js';

/**
 * Stage 8 of `optimize`: records how the run ended, writes the artifacts (best prompts, result,
 * synthetic data, report), flushes the backup, emits `run-end` and returns the run's result.
 */
export async function finishRun(options: {
  readonly runDir: string;
  readonly store: SqliteRunStore;
  readonly prepared: PreparedRun;
  readonly models: RunModels;
  readonly result: MethodResult;
  readonly leakageAudit?: LeakageAudit | undefined;
  readonly testScores: TestSplitScores;
  readonly simulated: boolean;
  readonly emit: (event: ForgeEvent) => void;
}): Promise<OptimizeResult> {
  const { runDir, store, prepared, models, leakageAudit, testScores, emit } = options;
  // What the run spent, over every invocation of it: a resume never lowers it.
  const usage = readRunUsage(store.database);
  // The method's own bookkeeping of usage sees only its invocation and the calls it priced; the
  // run's record of every call replaces it, so `result.usage` and `usage` never disagree.
  const result: MethodResult = { ...options.result, usage: usage.byRole };
  store.setMeta('status', result.stopReason.startsWith('stop') ? 'stopped' : 'completed');
  store.setMeta('stop_reason', result.stopReason);
  const search = isForgeMethodResult(result) ? result.search : undefined;
  const answers = readRunAnswers(store.database);
  const end: ForgeRunEndEvent = {
    type: 'run-end',
    reason: result.stopReason,
    runDir,
    method: prepared.method.id,
    seedScore: result.seedValidation,
    bestScore: result.bestValidation,
    bestCandidate: result.bestCandidateIndex,
    evaluationsUsed: result.evaluationsUsed,
    maxEvaluations: prepared.sizedConfig.budget.maxEvaluations,
    steps: result.steps,
    candidates: result.candidates,
    synthesisEvents: numberOr(result.summary?.['synthesisEvents'], 0),
    admitted: result.syntheticInstances?.length ?? 0,
    ...(testScores.seed === undefined ? {} : { testSeedScore: testScores.seed }),
    ...(testScores.best === undefined ? {} : { testBestScore: testScores.best }),
    costUsd: usage.total.costUsd,
    usage: usage.byRole,
    unpricedModels: runUnpricedModels(store, models),
    answers: answerCounts(answers),
    // Every method's, from the run's whole record of answers (a resumed run's included).
    warnings: answerWarnings(answers),
    simulated: options.simulated,
  };
  emitEndpointStatus(models, emit);
  const files = writeRunArtifacts({
    runDir,
    store,
    result,
    end,
    ...(leakageAudit === undefined ? {} : { leakageAudit }),
    extraTraining: prepared.extraTraining,
  });
  emit({ type: 'artifacts-written', runDir, files });
  await store.backup?.flush();
  emit(end);
  const { type: _type, ...summary } = end;
  return {
    ...summary,
    bestPrompts: result.bestCandidate.prompts,
    ...(result.bestCandidate.demos === undefined ? {} : { bestDemos: result.bestCandidate.demos }),
    files,
    result,
    ...(search === undefined ? {} : { search }),
    ...(leakageAudit === undefined ? {} : { leakageAudit }),
    extraTraining: prepared.extraTraining,
  };
}

/**
 * How a run that threw ends: the store records why (when the disk still takes writes), and a
 * `run-end` event with reason `error` carries the message and the cost spent so far.
 */
export function failRun(options: {
  readonly error: unknown;
  readonly runDir: string;
  readonly store: SqliteRunStore;
  readonly method: string;
  readonly maxEvaluations: number;
  readonly models: RunModels | undefined;
  readonly aborted: boolean;
  readonly emit: (event: ForgeEvent) => void;
}): void {
  const { error, models, emit } = options;
  markFailed(options.store, error, options.aborted);
  if (models !== undefined) emitEndpointStatus(models, emit);
  emit({
    type: 'run-end',
    reason: 'error',
    error: error instanceof Error ? error.message : String(error),
    runDir: options.runDir,
    method: options.method,
    seedScore: 0,
    bestScore: 0,
    bestCandidate: 0,
    evaluationsUsed: 0,
    maxEvaluations: options.maxEvaluations,
    steps: 0,
    candidates: 0,
    synthesisEvents: 0,
    admitted: 0,
    ...usageAfterFailure(options.store),
    answers: {},
    unpricedModels: models?.costMeter.totals().unpricedModels ?? [],
    warnings: [],
    simulated: false,
  });
}

/** The status of each endpoint pool of the run, as one event (none when no model is a pool). */
function emitEndpointStatus(models: RunModels, emit: (event: ForgeEvent) => void): void {
  const pools = models.pools();
  if (pools.length === 0) return;
  emit({
    type: 'endpoint-status',
    pools: pools.map(({ model, roles, pool }) => ({ model, roles, status: pool.status() })),
  });
}

/** Each role's answers: how many, how many unusable, and why. */
function answerCounts(answers: Readonly<Record<string, RoleAnswers>>): ForgeRunEndEvent['answers'] {
  return Object.fromEntries(
    Object.entries(answers).map(([role, { total, unusable, reasons }]) => [
      role,
      { total, unusable, reasons },
    ]),
  );
}

/** What a failed run spent, when its database can still be read. */
function usageAfterFailure(store: SqliteRunStore): Pick<ForgeRunEndEvent, 'costUsd' | 'usage'> {
  try {
    const usage = readRunUsage(store.database);
    return { costUsd: usage.total.costUsd, usage: usage.byRole };
  } catch {
    return { costUsd: 0, usage: {} };
  }
}

/** Records why the run ended early, when the disk still takes writes (a full one may not). */
function markFailed(store: SqliteRunStore, error: unknown, aborted: boolean): void {
  try {
    store.setMeta('status', aborted ? 'stopped' : 'failed');
    store.setMeta('error', error instanceof Error ? error.message : String(error));
  } catch {
    // The original error is the one to report.
  }
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}
