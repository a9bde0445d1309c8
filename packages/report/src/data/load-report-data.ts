import { join } from 'node:path';
import type { RunHeader } from '@forge/core';
import {
  countRunInstances,
  inspectLease,
  leaseFileName,
  type RunCandidateRecord,
  type RunDatabase,
  readMeanTestScore,
  readModelsByRole,
  readRunCandidates,
  readRunMeta,
  readRunSteps,
  readRunUsage,
} from '@forge/store';
import { parseJson } from './clip-text.js';
import { loadAnswers } from './load-answers.js';
import { loadEvaluations, loadValidationInstances } from './load-evaluations.js';
import { loadMethodRecords, type MethodRunRecords } from './load-method-candidates.js';
import { loadMiproDetails } from './load-mipro-details.js';
import { loadPlaybookSeries } from './load-playbook-series.js';
import { loadProposals } from './load-proposals.js';
import {
  loadFailureModeWindows,
  loadSynthesisAttempts,
  loadSynthesisEvents,
} from './load-synthesis.js';
import { loadWarnings } from './load-warnings.js';
import type {
  RunReportCandidate,
  RunReportCurvePoint,
  RunReportData,
  RunReportStatus,
  RunReportSuiteCell,
  RunReportUsage,
} from './run-report-data.js';
import { runStatus, type WriterProbe } from './run-status.js';

type CandidateRow = RunCandidateRecord;

/** Options of `loadReportData`. */
export interface LoadReportDataOptions {
  /** The clock of `generatedAt`. Default now. */
  readonly now?: Date;
  /** Tells whether a `running` run's writer is alive. Default: this machine's processes. */
  readonly probe?: WriterProbe;
}

/**
 * Reads everything the HTML report shows from a run's database, through the store's readers, so a report can
 * be drawn for any run: finished, stopped, failed, interrupted or still running (the database
 * may be open read-only while another process writes it).
 */
export function loadReportData(
  database: RunDatabase,
  runDir: string,
  options: LoadReportDataOptions | Date = {},
): RunReportData {
  const { now = new Date(), probe } = options instanceof Date ? { now: options } : options;
  // One read transaction: a writer committing meanwhile cannot tear the snapshot.
  return database.transaction(() => read(database, runDir, now, probe))();
}

function read(
  database: RunDatabase,
  runDir: string,
  now: Date,
  probe: WriterProbe | undefined,
): RunReportData {
  const meta = readRunMeta(database);
  const header = parseJson<Partial<RunHeader>>(meta.get('header'), {});
  const models = parseJson<Record<string, string>>(meta.get('models'), {});
  const unpricedModels = parseJson<string[]>(meta.get('unpriced_models'), []);
  const candidates = readRunCandidates(database);
  const best = candidates.reduce<CandidateRow | undefined>(
    (current, row) =>
      current === undefined || row.validationScore > current.validationScore ? row : current,
    undefined,
  );
  const steps = readRunSteps(database);
  const instances = countRunInstances(database);
  const validationIds = header.validationIds ?? [];
  const validationSize = validationIds.length > 0 ? validationIds.length : instances.validation;
  const evaluationsUsed =
    steps.at(-1)?.evaluationsUsed ??
    (candidates[0] === undefined ? 0 : candidates[0].evaluationsAtDiscovery + validationSize);
  const synthesisEvents = loadSynthesisEvents(database);
  const originalTraining = instances.originalTraining;
  const syntheticTraining = instances.synthetic;
  const status: RunReportStatus = runStatus(meta, probe, inspectLease(join(runDir, leaseFileName)));
  const simulated = meta.get('simulated') === 'true';
  // Methods other than Forge's variants keep no candidates table: their lineage comes from the
  // checkpoint records they saved.
  const method = candidates.length === 0 ? loadMethodRecords(database, validationSize) : undefined;
  if (method !== undefined && method.candidates.length > 0) {
    const base = forgeRun();
    const report = withMethodRecords(base, method, meanTestScore(database, bestOf(method)));
    const playbook = loadPlaybookSeries(database);
    const mipro = loadMiproDetails(database, report.summary.bestCandidate);
    return {
      ...report,
      ...(playbook.length > 0 ? { playbook } : {}),
      ...(mipro === undefined ? {} : { mipro }),
    };
  }
  return forgeRun();

  function forgeRun(): RunReportData {
    const testScore = best === undefined ? undefined : meanTestScore(database, best.candidate);
    return {
      title: `${meta.get('title') ?? meta.get('benchmark') ?? 'Forge run'}${simulated ? ' — simulated run' : ''}`,
      simulated,
      generatedAt: now.toISOString(),
      run: {
        runDir,
        benchmark: meta.get('benchmark') ?? 'unknown',
        taskModel: models['task'] ?? 'unknown',
        optimizerModel: models['reflect'] ?? 'unknown',
        seed: runSeed(meta.get('seed'), header.seed),
        status,
        ...optional('stopReason', meta.get('stop_reason') ?? meta.get('error')),
        ...optional('startedAt', meta.get('created_at')),
        ...optional('variant', meta.get('variant')),
        ...optional('profile', meta.get('profile')),
        ...suiteCellOf(meta.get('suite_cell')),
      },
      summary: {
        seedScore: candidates[0]?.validationScore ?? 0,
        bestScore: best?.validationScore ?? 0,
        bestCandidate: best?.candidate ?? 0,
        evaluationsUsed,
        maxEvaluations: Number(meta.get('max_evaluations') ?? evaluationsUsed),
        steps: steps.length,
        candidates: candidates.length,
        ...(testScore === undefined ? {} : { testScore }),
        synthesisEvents: synthesisEvents.length,
        admitted: syntheticTraining,
        trainingSize: { original: originalTraining, synthetic: syntheticTraining },
      },
      candidates: candidates.map(
        (row): RunReportCandidate => ({
          index: row.candidate,
          parent: row.parent,
          module: row.module,
          step: row.step,
          validationScore: row.validationScore,
          evaluationsAtDiscovery: row.evaluationsAtDiscovery,
          evaluationsSpent: row.evaluationsAtDiscovery + validationSize,
          ...(row.module === null
            ? {}
            : {
                promptPreview: preview(
                  parseJson<Record<string, unknown>>(row.promptsJson, {})[row.module],
                ),
              }),
        }),
      ),
      curve: bestScoreCurve(candidates, steps, validationSize),
      synthesisEvents,
      synthesisAttempts: loadSynthesisAttempts(database),
      failureModeWindows: loadFailureModeWindows(database, synthesisEvents),
      validationInstances: loadValidationInstances(database, validationIds, candidates.length),
      evaluations: loadEvaluations(database),
      proposals: loadProposals(database),
      warnings: loadWarnings(database),
      answers: loadAnswers(database),
      unpricedModels,
      usage: usageByRole(database, unpricedModels),
      bestPrompts:
        best === undefined ? {} : parseJson<Record<string, string>>(best.promptsJson, {}),
      seedPrompts: header.seedPrompts ?? {},
    };
  }
}

/** The best candidate of a method's records: highest validation score, the earliest on ties. */
function bestOf(method: MethodRunRecords): number {
  let best = method.candidates[0];
  for (const candidate of method.candidates) {
    if (best === undefined || candidate.validationScore > best.validationScore) best = candidate;
  }
  return best?.index ?? 0;
}

/** A report of a method run: the Forge-shaped parts that are empty, filled from its records. */
function withMethodRecords(
  base: RunReportData,
  method: MethodRunRecords,
  testScore: number | undefined,
): RunReportData {
  const bestCandidate = bestOf(method);
  const best = method.candidates.find((candidate) => candidate.index === bestCandidate);
  const { testScore: _unused, ...summary } = base.summary;
  return {
    ...base,
    summary: {
      ...summary,
      seedScore: method.candidates[0]?.validationScore ?? 0,
      bestScore: best?.validationScore ?? 0,
      bestCandidate,
      evaluationsUsed: method.evaluationsUsed,
      maxEvaluations: Number.isFinite(base.summary.maxEvaluations)
        ? base.summary.maxEvaluations
        : method.evaluationsUsed,
      steps: method.steps,
      candidates: method.candidates.length,
      ...(testScore === undefined ? {} : { testScore }),
    },
    candidates: method.candidates,
    curve: method.curve,
    validationInstances: base.validationInstances.map((instance) => ({
      ...instance,
      scores: method.candidates.map((candidate) => {
        const score = method.validationScores.get(candidate.index)?.[instance.id];
        return typeof score === 'number' ? score : null;
      }),
    })),
    bestPrompts: method.prompts.get(bestCandidate) ?? {},
    seedPrompts: method.prompts.get(method.candidates[0]?.index ?? 0) ?? base.seedPrompts,
  };
}

/**
 * The run's seed: the `seed` every method's run records (the sdk writes it on every start), else
 * the run header's (Forge's variants, runs from before `seed` was recorded), else 0.
 */
function runSeed(recorded: string | undefined, fromHeader: unknown): number {
  const seed = recorded === undefined || recorded.trim() === '' ? Number.NaN : Number(recorded);
  if (Number.isInteger(seed)) return seed;
  return typeof fromHeader === 'number' && Number.isInteger(fromHeader) ? fromHeader : 0;
}

/** The suite cell a run records (`suite_cell`, JSON), when it records a well-formed one. */
function suiteCellOf(text: string | undefined): { suiteCell?: RunReportSuiteCell } {
  const value = parseJson<unknown>(text, undefined);
  if (typeof value !== 'object' || value === null) return {};
  const { id, arm, role } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof arm !== 'string' || typeof role !== 'string') return {};
  return { suiteCell: { id, arm, role } };
}

function optional<Key extends string>(
  key: Key,
  value: string | undefined,
): { [K in Key]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [K in Key]?: string };
}

/**
 * The best-so-far curve, with every point where its evaluations were spent: the seed's score
 * once its validation pass is paid for, then one point per step.
 */
function bestScoreCurve(
  candidates: readonly CandidateRow[],
  steps: readonly { candidate: number | null; evaluationsUsed: number }[],
  validationSize: number,
): RunReportCurvePoint[] {
  const seed = candidates[0];
  if (seed === undefined) return [];
  const byIndex = new Map(candidates.map((row) => [row.candidate, row]));
  let bestScore = seed.validationScore;
  const points: RunReportCurvePoint[] = [
    { evaluations: seed.evaluationsAtDiscovery + validationSize, bestScore },
  ];
  for (const step of steps) {
    const accepted = step.candidate === null ? undefined : byIndex.get(step.candidate);
    if (accepted !== undefined && accepted.validationScore > bestScore)
      bestScore = accepted.validationScore;
    points.push({ evaluations: step.evaluationsUsed, bestScore });
  }
  return points;
}

function usageByRole(database: RunDatabase, unpricedModels: readonly string[]): RunReportUsage[] {
  const models = readModelsByRole(database);
  const unpriced = new Set(unpricedModels);
  return Object.entries(readRunUsage(database).byRole).map(([role, usage]) => {
    const row: RunReportUsage = {
      role,
      calls: usage.calls,
      ...(usage.cachedCalls === 0 ? {} : { cachedCalls: usage.cachedCalls }),
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      costUsd: usage.costUsd,
    };
    const roleModels = Object.hasOwn(models, role) ? (models[role] as string[]) : [];
    const roleUnpriced = roleModels.filter((model) => unpriced.has(model));
    return roleUnpriced.length === 0 ? row : { ...row, unpricedModels: roleUnpriced.sort() };
  });
}

function meanTestScore(database: RunDatabase, candidate: number): number | undefined {
  return readMeanTestScore(database, candidate);
}

function preview(prompt: unknown): string | undefined {
  if (typeof prompt !== 'string') return undefined;
  return prompt.length > 160 ? `${prompt.slice(0, 157)}…` : prompt;
}
