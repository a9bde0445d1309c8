import type { EvaluatedExecution, Instance, TraceEntry } from '@forge/program';

/**
 * One imperfect evaluation of the selected parent on one minibatch instance (A.4): the raw
 * evidence a failure mode is built from. Plain JSON data, so it can be saved and replayed.
 */
export interface Observation {
  /** Unique within a run, e.g. `o-12-1` (step 12, second imperfect evaluation of the batch). */
  readonly id: string;
  /** The optimization step that produced it (0 for failures gathered outside a search). */
  readonly step: number;
  /** Index of the parent candidate that was evaluated. */
  readonly parentIndex: number;
  /** The instance the parent ran on. */
  readonly instance: Instance;
  /** Its score, below 1. */
  readonly score: number;
  /** Ordered module invocations of the run. */
  readonly trace: readonly TraceEntry[];
  /** Overall feedback of the evaluation, when the metric gives any. */
  readonly feedback?: string;
  /** Feedback addressed to individual modules, by module name. */
  readonly moduleFeedback?: Readonly<Record<string, string>>;
  /** The program's prediction, when it was kept (reports only; no prompt renders it). */
  readonly output?: Readonly<Record<string, unknown>>;
}

/** Rebuilds the evaluated execution an observation came from, for the Markdown renderers. */
export function observationToEvaluatedExecution(observation: Observation): EvaluatedExecution {
  return {
    instance: observation.instance,
    execution: { output: observation.output ?? {}, trace: observation.trace },
    evaluation: {
      score: observation.score,
      ...(observation.feedback === undefined ? {} : { feedback: observation.feedback }),
      ...(observation.moduleFeedback === undefined
        ? {}
        : { moduleFeedback: observation.moduleFeedback }),
    },
  };
}
