import { type CheckpointRecord, type MethodCandidate, validationPassRecord } from '@forge/method';
import type { EvaluatedExecution } from '@forge/program';
import type { ModuleSelection } from '../search/search-space.js';
import type { ProgramError } from './program-errors.js';

/**
 * The `candidate` checkpoint record of a validated candidate, in the shape the run report reads
 * for any method: index, origin, parent (none: a MIPROv2 candidate is a combination, not an
 * edit of another candidate), the modules it changes from the seed, its prompts and
 * demonstrations, its validation score per instance and in the mean, and the evaluations spent
 * once it was validated; plus the trial and the choice of instruction and demo set per module.
 */
export function candidateRecord(options: {
  readonly index: number;
  readonly origin: 'seed' | 'trial' | 'full-evaluation';
  readonly trial: number | null;
  readonly params: readonly number[];
  readonly selection: Readonly<Record<string, ModuleSelection>>;
  readonly candidate: MethodCandidate;
  readonly evaluated: readonly EvaluatedExecution[];
  readonly validation: number;
  readonly evaluationsUsed: number;
  /** Runs that raised (`reference`): scored 0 in `validationScores`, listed under `errors`. */
  readonly errors?: readonly ProgramError[];
}): CheckpointRecord {
  const errors = options.errors ?? [];
  const components = Object.entries(options.selection)
    .filter(([, choice]) => choice.instruction !== 0 || choice.demoSet !== 0)
    .map(([module]) => module);
  return {
    kind: 'candidate',
    step: options.trial === null ? null : options.trial - 1,
    data: {
      candidate: options.index,
      origin: options.origin,
      parent: null,
      components,
      trial: options.trial,
      params: options.params,
      selection: options.selection,
      prompts: options.candidate.prompts,
      ...(options.candidate.demos === undefined ? {} : { demos: options.candidate.demos }),
      validation: options.validation,
      validationScores: Object.fromEntries([
        ...options.evaluated.map((entry) => [entry.instance.id, entry.evaluation.score]),
        ...errors.map((entry) => [entry.instanceId, 0]),
      ]),
      ...(errors.length === 0 ? {} : { errors }),
      evaluationsUsed: options.evaluationsUsed,
    },
  };
}

/**
 * A validated candidate's records: its `candidate` record and its validation pass with every
 * execution (output, feedback, trace), for the report's instance explorer.
 */
export function candidateRecords(
  options: Parameters<typeof candidateRecord>[0],
): CheckpointRecord[] {
  const record = candidateRecord(options);
  return [record, validationPassRecord(options.index, record.step, options.evaluated)];
}
