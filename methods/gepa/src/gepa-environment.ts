import type { CheckpointRecord } from '@forge/method';
import type { EvaluatedExecution, Instance, Prompts } from '@forge/program';
import type { GenerateResult } from '@forge/provider';
import type { ExtractedInstruction } from './extract-instruction.js';
import type { GepaSettings } from './gepa-settings.js';
import type { GepaState } from './gepa-state.js';
import type { ReflectiveRecord } from './reflective-dataset.js';

/**
 * What one iteration may do besides computing: evaluate prompts, ask the reflection model, and
 * say what happened. The loop injects these, so an iteration is a function of the state and
 * the answers it gets (which is what makes resume exact and tests deterministic).
 */
export interface GepaEnvironment {
  /** Seed of every random stream. */
  readonly seed: number;
  /** The method's settings. */
  readonly settings: GepaSettings;
  /** Reflective minibatch size. */
  readonly batchSize: number;
  /** Component (module) names in declaration order. */
  readonly components: readonly string[];
  /** Training instances (minibatches are drawn from them). */
  readonly train: readonly Instance[];
  /** Validation instances (full evaluation, Pareto fronts, merge subsamples). */
  readonly validation: readonly Instance[];
  /** Runs the program with `prompts` on `instances`; results by index. */
  evaluate(
    prompts: Prompts,
    instances: readonly Instance[],
    target: string,
    iteration: number,
  ): Promise<EvaluatedExecution[]>;
  /** Asks the reflection model for a new text of one component. */
  reflect(request: {
    readonly component: string;
    readonly currentText: string;
    readonly records: readonly ReflectiveRecord[];
    /** The iteration asking (its calls are tagged with it). */
    readonly iteration?: number;
  }): Promise<{ readonly extracted: ExtractedInstruction; readonly result: GenerateResult }>;
  /** True once the run was aborted (a failure then ends the run in every profile). */
  isAborted(): boolean;
  /** Emits a `method-note` event. */
  note(kind: string, message: string, iteration: number, data?: Record<string, unknown>): void;
  /** Emits a `candidate-validated` event for the newest candidate of `state`. */
  validated(state: GepaState, previousBest: number): void;
}

/** What an iteration produced. */
export interface IterationOutcome {
  /** The state after it (iteration counter advanced). */
  readonly state: GepaState;
  /** Report records to save with it. */
  readonly records: readonly CheckpointRecord[];
  /** What it did, in a word (`accepted`, `rejected`, `skipped-perfect`, `merge-accepted`, …). */
  readonly outcome: string;
}
