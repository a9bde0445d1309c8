import type { Evaluator, Instance, Program, Prompts } from '@forge/program';
import type { LanguageModel } from '@forge/provider';
import type { SearchEvent } from '../events/search-event.js';
import type { StopRule } from '../stop/stop-rules.js';
import type { RunStore } from '../store/run-store.js';
import type { SynthesisOptions } from './synthesis-options.js';

/** Options of `runSearch`. */
export interface SearchOptions {
  /** The LM program whose prompts are optimized. */
  readonly program: Program;
  /** The metric: scores one execution, with feedback. */
  readonly evaluate: Evaluator;
  /** The model the program runs on. */
  readonly taskModel: LanguageModel;
  /** The model of the reflector (and, later, of the other optimizer roles). */
  readonly optimizerModel: LanguageModel;
  /** Training instances D₀. */
  readonly train: readonly Instance[];
  /** Validation instances V (never used for training or synthesis). */
  readonly validation: readonly Instance[];
  /** Budget: task evaluations, never exceeded (SPEC §3). */
  readonly maxEvaluations: number;
  /** The run's seed. Default 0. */
  readonly seed?: number | string;
  /** Minibatch size |B|. Default 3. */
  readonly minibatchSize?: number;
  /** Candidate 0; default the program's seed prompts. */
  readonly seedPrompts?: Prompts;
  /**
   * Task evaluations in flight at once. Default: |V| (or |B| when larger), so a validation pass
   * runs in one wave and the run sits near its latency critical path; a model's own limiter
   * (`withLimits`) still applies on top.
   */
  readonly concurrency?: number;
  /** Stop after this many completed steps. */
  readonly maxSteps?: number;
  /** Stop once this invocation has run this long. */
  readonly maxWallTimeMs?: number;
  /** Stop once the optimizer roles have spent this much (USD from the cost meter, or tokens). */
  readonly maxOptimizerCost?: { readonly usd?: number; readonly tokens?: number };
  /**
   * Stop at completion (B.4): after all E synthesis events and P more steps without a strict
   * validation gain. `epochs`/`patience` default to the synthesis options' (E = 0 without them).
   */
  readonly stopAtCompletion?: { readonly epochs?: number; readonly patience?: number } | boolean;
  /**
   * Stop once the best candidate's mean validation score is the maximum (1): checked after every
   * validation evaluation, before any further step or synthesis event; the reason starts with
   * `perfect score`. Default false (the sdk's Forge variants turn it on).
   */
  readonly stopAtPerfectScore?: boolean;
  /** Further stop rules, checked between steps. */
  readonly stopRules?: readonly StopRule[];
  /** Graceful stop: when aborted, the run stops after the current step and saves. */
  readonly stopSignal?: AbortSignal;
  /** Immediate stop: in-flight model calls are aborted; the state stays at the last saved step. */
  readonly abortSignal?: AbortSignal;
  /** Where progress is saved; default in memory. A store holding a run resumes it. */
  readonly store?: RunStore;
  /** Receives every event as it happens. Must not throw. */
  readonly onEvent?: (event: SearchEvent) => void;
  /** The data branch (failure memory and synthesis); absent means prompt search alone. */
  readonly synthesis?: SynthesisOptions;
  /** Output-token limit of reflector calls. */
  readonly reflectionMaxOutputTokens?: number;
  /** Milliseconds clock. Default `Date.now`. */
  readonly clock?: () => number;
}
