import { type RunDatabase, readCheckpointRecords } from '@forge/store';
import { parseJson } from './clip-text.js';
import { readStoredExecution } from './load-evaluations.js';
import type { RunReportEvaluation, RunReportExecution } from './run-report-details.js';

/** A step's minibatch executions as the report joins them to that step's proposals. */
export interface LoadedMinibatch {
  /** The instances, in order. */
  readonly instances: readonly string[];
  /** The parent's executions (empty when it reused its validation pass, as a GEPA merge does). */
  readonly parentExecutions: readonly RunReportExecution[];
  /** The proposal's executions, when evaluated. */
  readonly proposalExecutions?: readonly RunReportExecution[];
}

function executions(value: unknown): RunReportExecution[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((stored: { score?: unknown }) => {
    const execution = readStoredExecution(stored);
    const score = stored?.score;
    return execution === undefined || typeof score !== 'number' || !Number.isFinite(score)
      ? []
      : [{ ...execution, score }];
  });
}

/**
 * The `minibatch` checkpoint records a peer method saved (`@forge/method`'s `minibatchRecord`),
 * by step; the first record of a step wins. Unreadable records are skipped.
 */
export function loadMethodMinibatches(database: RunDatabase): Map<number, LoadedMinibatch> {
  const rows = readCheckpointRecords(database, ['minibatch']);
  const byStep = new Map<number, LoadedMinibatch>();
  for (const row of rows) {
    const data = parseJson<Record<string, unknown>>(row.dataJson, {});
    const step = typeof data['step'] === 'number' ? data['step'] : row.step;
    const instances = Array.isArray(data['instances'])
      ? data['instances'].filter((id): id is string => typeof id === 'string')
      : [];
    if (step === null || byStep.has(step) || instances.length === 0) continue;
    const proposalExecutions = executions(data['proposalExecutions']);
    byStep.set(step, {
      instances,
      parentExecutions: executions(data['parentExecutions']) ?? [],
      ...(proposalExecutions === undefined ? {} : { proposalExecutions }),
    });
  }
  return byStep;
}

/**
 * A proposal's executions from its step's minibatch record, when the record's instances are the
 * proposal's minibatch. A parent with no stored minibatch executions (a GEPA merge, judged on a
 * validation subsample) takes them from its validation pass, scored as the proposal says.
 */
export function minibatchExecutions(
  proposal: {
    readonly parent: number;
    readonly minibatch: readonly string[];
    readonly parentScores: readonly number[];
  },
  minibatch: LoadedMinibatch | undefined,
  /** The run's validation evaluations, read only when a parent needs them. */
  evaluations: () => readonly RunReportEvaluation[],
): { parentExecutions?: RunReportExecution[]; proposalExecutions?: RunReportExecution[] } {
  if (
    minibatch === undefined ||
    minibatch.instances.length !== proposal.minibatch.length ||
    minibatch.instances.some((id, index) => id !== proposal.minibatch[index])
  ) {
    return {};
  }
  let parentExecutions = [...minibatch.parentExecutions];
  if (parentExecutions.length === 0) {
    parentExecutions = proposal.minibatch.flatMap((id, index) => {
      const stored = evaluations().find(
        (evaluation) => evaluation.candidate === proposal.parent && evaluation.instanceId === id,
      );
      const score = proposal.parentScores[index];
      if (stored === undefined || score === undefined) return [];
      const { candidate: _candidate, ...execution } = stored;
      return [{ ...execution, score }];
    });
  }
  return {
    ...(parentExecutions.length === 0 ? {} : { parentExecutions }),
    ...(minibatch.proposalExecutions === undefined
      ? {}
      : { proposalExecutions: [...minibatch.proposalExecutions] }),
  };
}
