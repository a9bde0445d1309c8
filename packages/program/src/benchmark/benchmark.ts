import type { AgentTool } from '@forge/provider';
import type { Evaluator } from '../program/evaluation.js';
import type { Program } from '../program/program.js';
import type { Splits } from '../signature/instance.js';
import type { Signature } from '../signature/signature.js';

/** The synthesis schedule (K, E, P) of the paper's Appendix B.2. */
export interface SynthesisSchedule {
  /** K: generation attempts per synthesis event. */
  readonly attempts: number;
  /** E: maximum number of synthesis events. */
  readonly epochs: number;
  /** P: completed steps without a strict best-validation improvement that trigger an event. */
  readonly patience: number;
}

/**
 * The task-call sizes of an agentic program, stated by its benchmark so an estimate need not run
 * it (running it would need its environment). An evaluation is counted at the step cap: a
 * conversation that grows by the same amount every step, up to `maxCalls` calls.
 */
export interface DocumentedCallSizes {
  /** Model calls per evaluation at most (the step cap). */
  readonly maxCalls: number;
  /** Prompt tokens of the first call (system prompt and task). */
  readonly firstInputTokens: number;
  /** Prompt tokens each step adds to the conversation (the model's answer and the tool's output). */
  readonly inputTokensPerStep: number;
  /** Completion tokens per call. */
  readonly outputTokensPerCall: number;
  /** Where the sizes come from, in words (for the estimate's assumptions). */
  readonly source: string;
}

/**
 * A benchmark: a task signature, the LM program that solves it, its data splits, and its
 * metric. Benchmark packages export a `createBenchmark(options)` factory returning this.
 */
export interface Benchmark {
  /** Short id used on the command line, e.g. `hotpotqa`. */
  readonly id: string;
  /** Human-readable title, e.g. `HotPotQA`. */
  readonly title: string;
  /** The task signature: what an instance holds, and what a synthetic instance must hold. */
  readonly signature: Signature;
  /** The LM program of the paper's setup, with seed prompts. */
  readonly program: Program;
  /** The metric: scores one execution, with feedback for the reflector. */
  readonly evaluate: Evaluator;
  /** Loads and splits the data (deterministically). Rejects with a `DatasetError` on bad files. */
  loadSplits(): Promise<Splits>;
  /** Tools the generator and verifier may call (search_full_wiki, label catalogue, …). */
  readonly synthesisTools?: readonly AgentTool[];
  /** The paper's (K, E, P) for this benchmark. */
  readonly synthesis: SynthesisSchedule;
  /** How many times each test item is evaluated (AIME: 3). Default 1. */
  readonly testRepeats?: number;
  /**
   * Task-call sizes for estimates, for a program that cannot run without its environment (an
   * agent on a server). Without them an estimate runs the program with a model that answers
   * nothing and measures its first prompts.
   */
  readonly documentedCallSizes?: DocumentedCallSizes;
  /**
   * URLs of the servers the program or the synthesis tools call (an environment, a retrieval
   * service), so a suite can check that no two services share a port.
   */
  readonly serverUrls?: readonly string[];
}

/** Options every benchmark factory accepts; packages document their own extra settings. */
export interface BenchmarkOptions {
  /** Directory holding the benchmark's data files (`forge data pull` fills it). */
  readonly dataDir?: string;
  /** Benchmark-specific settings (retrieval backend, subset sizes, …). */
  readonly settings?: Readonly<Record<string, unknown>>;
}

/** What a benchmark package exports. */
export type BenchmarkFactory = (options: BenchmarkOptions) => Benchmark | Promise<Benchmark>;
