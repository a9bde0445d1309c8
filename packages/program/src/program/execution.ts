import type { Message, Usage } from '@forge/provider';

/** One invocation of one module during a program run. */
export interface TraceEntry {
  /** Name of the module invoked. The same module may appear several times. */
  readonly module: string;
  /**
   * Messages of the invocation after the system prompt, oldest first: the user message the
   * module received, assistant turns, tool calls and their results.
   */
  readonly messages: readonly Message[];
  /** What the invocation produced, as the program parsed it (optional). */
  readonly output?: Readonly<Record<string, unknown>>;
  /** Retrieval results or other non-LM steps the program wants the optimizer to see. */
  readonly notes?: readonly string[];
}

/** The result of running a program once on one instance. */
export interface Execution {
  /** The program's prediction: values for the signature's output fields (possibly incomplete). */
  readonly output: Readonly<Record<string, unknown>>;
  /** Module invocations in execution order. */
  readonly trace: readonly TraceEntry[];
  /** Token counts of the task-model calls made. */
  readonly usage?: Usage;
}
