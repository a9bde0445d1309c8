import { type RunDatabase, readCheckpointRecords } from '@forge/store';
import { parseJson } from './clip-text.js';
import type { RunReportCandidate, RunReportCurvePoint } from './run-report-data.js';

/** What a method's checkpoint records tell the report (methods other than Forge's variants). */
export interface MethodRunRecords {
  /** The candidates of `candidate` records, in index order. */
  readonly candidates: readonly RunReportCandidate[];
  /** Each candidate's prompts, when its record holds them. */
  readonly prompts: ReadonlyMap<number, Readonly<Record<string, string>>>;
  /** Each candidate's score per validation instance id, when its record holds them. */
  readonly validationScores: ReadonlyMap<number, Readonly<Record<string, number>>>;
  /** The method's steps: one past the highest step any record names. */
  readonly steps: number;
  /** The largest `evaluationsUsed` any record states. */
  readonly evaluationsUsed: number;
  /** Best validation score so far, at each candidate's validation and at the last record. */
  readonly curve: readonly RunReportCurvePoint[];
}

interface CandidateData {
  readonly candidate?: unknown;
  readonly index?: unknown;
  readonly parents?: unknown;
  readonly parent?: unknown;
  readonly origin?: unknown;
  readonly components?: unknown;
  readonly validation?: unknown;
  readonly evaluationsUsed?: unknown;
  readonly prompts?: unknown;
  readonly validationScores?: unknown;
}

/**
 * Reads the lineage a method saved as `candidate` checkpoint records (`@forge/method`'s
 * `CheckpointRecord`): `candidate` (or `index`), `parents` (or `parent`), `origin`, `components`,
 * `validation`, `evaluationsUsed` (after its validation pass), `prompts` and `validationScores`
 * (instance id → score). Fields it cannot
 * read are left out, so a method that saves less still draws.
 */
export function loadMethodRecords(database: RunDatabase, validationSize: number): MethodRunRecords {
  const rows = readCheckpointRecords(database);
  const byIndex = new Map<number, RunReportCandidate>();
  const prompts = new Map<number, Readonly<Record<string, string>>>();
  const validationScores = new Map<number, Readonly<Record<string, number>>>();
  let steps = 0;
  let evaluationsUsed = 0;
  for (const row of rows) {
    if (row.step !== null) steps = Math.max(steps, row.step + 1);
    const data = parseJson<CandidateData>(row.dataJson, {});
    if (typeof data.evaluationsUsed === 'number')
      evaluationsUsed = Math.max(evaluationsUsed, data.evaluationsUsed);
    if (row.kind !== 'candidate') continue;
    const index = numberOf(data.candidate) ?? numberOf(data.index);
    if (index === undefined || byIndex.has(index)) continue;
    const parents = Array.isArray(data.parents)
      ? data.parents.filter((parent): parent is number => typeof parent === 'number')
      : numberOf(data.parent) === undefined
        ? []
        : [numberOf(data.parent) as number];
    const spent = numberOf(data.evaluationsUsed) ?? evaluationsUsed;
    const components = Array.isArray(data.components)
      ? data.components.filter((component): component is string => typeof component === 'string')
      : [];
    const candidatePrompts =
      typeof data.prompts === 'object' && data.prompts !== null
        ? (data.prompts as Record<string, string>)
        : undefined;
    if (candidatePrompts !== undefined) prompts.set(index, candidatePrompts);
    if (typeof data.validationScores === 'object' && data.validationScores !== null)
      validationScores.set(index, data.validationScores as Record<string, number>);
    const module = components[0] ?? null;
    const preview = module === null ? undefined : candidatePrompts?.[module];
    byIndex.set(index, {
      index,
      parent: parents[0] ?? null,
      ...(parents.length > 1 ? { otherParents: parents.slice(1) } : {}),
      ...(typeof data.origin === 'string' ? { origin: data.origin } : {}),
      module,
      step: row.step,
      validationScore: numberOf(data.validation) ?? Number.NaN,
      evaluationsAtDiscovery: Math.max(0, spent - validationSize),
      evaluationsSpent: spent,
      ...(typeof preview === 'string'
        ? { promptPreview: preview.length > 160 ? `${preview.slice(0, 157)}…` : preview }
        : {}),
    });
  }
  const candidates = [...byIndex.values()].sort((left, right) => left.index - right.index);
  return {
    candidates,
    prompts,
    validationScores,
    steps,
    evaluationsUsed,
    curve: curveOf(candidates, evaluationsUsed),
  };
}

function curveOf(
  candidates: readonly RunReportCandidate[],
  evaluationsUsed: number,
): RunReportCurvePoint[] {
  const points: RunReportCurvePoint[] = [];
  let best = Number.NEGATIVE_INFINITY;
  const ordered = [...candidates].sort(
    (left, right) =>
      (left.evaluationsSpent ?? 0) - (right.evaluationsSpent ?? 0) || left.index - right.index,
  );
  for (const candidate of ordered) {
    if (!Number.isFinite(candidate.validationScore)) continue;
    best = Math.max(best, candidate.validationScore);
    points.push({ evaluations: candidate.evaluationsSpent ?? 0, bestScore: best });
  }
  const last = points.at(-1);
  if (last !== undefined && evaluationsUsed > last.evaluations)
    points.push({ evaluations: evaluationsUsed, bestScore: last.bestScore });
  return points;
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
