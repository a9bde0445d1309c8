import type { Benchmark, Instance, Program } from '@forge/program';
import { seedPrompts } from '@forge/program';
import type { CallCache, LanguageModel } from '@forge/provider';
import { MemoryCallCache, withCache } from '@forge/provider';
import { type CheckpointStore, MemoryCheckpointStore } from '../checkpoint-store.js';
import type { MethodContext } from '../method.js';
import type { MethodBudget } from '../method-budget.js';
import type { MethodEvent } from '../method-event.js';

/** What `createMethodTestContext` needs: a benchmark (or its parts) and scripted models. */
export interface MethodTestContextOptions {
  /** The task; only `program`, `evaluate`, `signature` and `synthesis` are usually read. */
  readonly benchmark: Benchmark;
  /** Training instances. */
  readonly train: readonly Instance[];
  /** Validation instances. */
  readonly validation: readonly Instance[];
  /** The task model (scripted, deterministic). */
  readonly taskModel: LanguageModel;
  /** The optimizer model of every role, or one per role. */
  readonly optimizerModel: LanguageModel | ((role: string) => LanguageModel);
  /** The budget; `maxEvaluations` is required. */
  readonly budget: MethodBudget;
  /** Default 0. */
  readonly seed?: number;
  /** Default 3. */
  readonly minibatchSize?: number;
  /** Default 4. */
  readonly concurrency?: number;
  /** The method's parsed settings. Default `{}`. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Persistence; default a fresh `MemoryCheckpointStore`. Pass the same one to resume. */
  readonly checkpoints?: CheckpointStore;
  /** A response cache shared between a run and its resume; default none. */
  readonly cache?: CallCache;
  /** Graceful stop. */
  readonly stopSignal?: AbortSignal;
  /** Immediate stop. */
  readonly abortSignal?: AbortSignal;
  /** Called with every event. */
  readonly onEvent?: (event: MethodEvent) => void;
}

/** A context plus what the test needs to audit the run. */
export interface MethodTestContext {
  /** The context to pass to `method.run`. */
  readonly context: MethodContext;
  /** Every event the method emitted, in order. */
  readonly events: MethodEvent[];
  /** Program runs actually made: the host-side count of task evaluations (SPEC §3). */
  evaluationsCounted(): number;
}

/**
 * Builds a `MethodContext` for method tests: memory checkpoints, a counting wrapper around the
 * program (every `run` is one task evaluation), and, when a cache is given, the models wrapped
 * with it so a resumed run re-pays nothing already answered.
 */
export function createMethodTestContext(options: MethodTestContextOptions): MethodTestContext {
  let counted = 0;
  const inner: Program = options.benchmark.program;
  const program: Program = {
    name: inner.name,
    modules: inner.modules,
    run(instance, prompts, context) {
      counted += 1;
      return inner.run(instance, prompts, context);
    },
  };
  const cached = (model: LanguageModel) =>
    options.cache === undefined ? model : withCache(model, options.cache);
  const task = cached(options.taskModel);
  const optimizers = new Map<string, LanguageModel>();
  const optimizer = (role: string): LanguageModel => {
    let model = optimizers.get(role);
    if (model === undefined) {
      const source = options.optimizerModel;
      model = cached(typeof source === 'function' ? source(role) : source);
      optimizers.set(role, model);
    }
    return model;
  };
  const events: MethodEvent[] = [];
  const context: MethodContext = {
    runDir: '<memory>',
    benchmark: { ...options.benchmark, program },
    train: options.train,
    validation: options.validation,
    seedCandidate: { prompts: seedPrompts(inner) },
    models: { task, optimizer },
    budget: options.budget,
    seed: options.seed ?? 0,
    minibatchSize: options.minibatchSize ?? 3,
    concurrency: options.concurrency ?? 4,
    settings: options.settings ?? {},
    storage: { checkpoints: options.checkpoints ?? new MemoryCheckpointStore() },
    ...(options.stopSignal === undefined ? {} : { stopSignal: options.stopSignal }),
    ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
    clock: () => 0,
  };
  return { context, events, evaluationsCounted: () => counted };
}

/** A fresh response cache for a run and its resume. */
export function createTestCache(): CallCache {
  return new MemoryCallCache();
}
