import type { Instance } from '../signature/instance.js';
import type { Execution } from './execution.js';

/** How an execution scored. */
export interface Evaluation {
  /** Score in [0, 1]; below 1 is imperfect. */
  readonly score: number;
  /** What went right or wrong, in words the reflector can act on. */
  readonly feedback?: string;
  /** Feedback addressed to individual modules, by module name; falls back to `feedback`. */
  readonly moduleFeedback?: Readonly<Record<string, string>>;
}

/** An execution of one candidate on one instance, with its evaluation. */
export interface EvaluatedExecution {
  /** The instance run. */
  readonly instance: Instance;
  /** What the program did. */
  readonly execution: Execution;
  /** How it scored. */
  readonly evaluation: Evaluation;
}

/**
 * Scores one execution of the program on one instance (the metric). Generic in the instance's
 * input and gold types and the execution's output type, so a metric of a typed program
 * (`EvaluatorOf<typeof program>`) that reads a field its schemas lack does not compile.
 */
export type Evaluator<
  Input = Readonly<Record<string, unknown>>,
  Gold = Readonly<Record<string, unknown>>,
  Output = Readonly<Record<string, unknown>>,
> = (
  instance: Instance<Input, Gold>,
  execution: Execution<Output>,
) => Evaluation | Promise<Evaluation>;

/** The feedback a module should see: its own, else the overall feedback. */
export function feedbackForModule(evaluation: Evaluation, module: string): string | undefined {
  return evaluation.moduleFeedback?.[module] ?? evaluation.feedback;
}

/** Checks that a score is a number in [0, 1]. */
export function isValidScore(score: unknown): score is number {
  return typeof score === 'number' && Number.isFinite(score) && score >= 0 && score <= 1;
}
