import type { Message, Usage } from '@forge/provider';
import type { Demonstration } from './demonstration.js';

/** One invocation of one module during a program run. */
export interface TraceEntry {
  /** Name of the module invoked. The same module may appear several times. */
  readonly module: string;
  /**
   * Messages of the invocation after the system prompt, oldest first: the user message the
   * module received, assistant turns, tool calls and their results. Demonstration turns are not
   * repeated here: they belong to the candidate (`ProgramContext.demos`).
   */
  readonly messages: readonly Message[];
  /** What the invocation produced, as the program parsed it (optional). */
  readonly output?: Readonly<Record<string, unknown>>;
  /** Retrieval results or other non-LM steps the program wants the optimizer to see. */
  readonly notes?: readonly string[];
  /**
   * This invocation as a demonstration of its module (input fields, output fields, reasoning),
   * for optimizers that bootstrap few-shot demos from successful runs. Set when the run was asked
   * to (`ProgramContext.recordDemonstrations`) by programs whose modules render demonstrations;
   * never part of the Markdown renderings optimizers read.
   */
  readonly demonstration?: Demonstration;
}

/**
 * The result of running a program once on one instance. `Output` types the prediction (a program
 * built with `defineProgram` infers it from its output schema); untyped, it is a record.
 */
export interface Execution<Output = Readonly<Record<string, unknown>>> {
  /** The program's prediction: values for the signature's output fields (possibly incomplete). */
  readonly output: Output;
  /** Module invocations in execution order. */
  readonly trace: readonly TraceEntry[];
  /** Token counts of the task-model calls made. */
  readonly usage?: Usage;
}
