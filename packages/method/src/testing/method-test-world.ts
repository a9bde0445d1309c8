import type { Benchmark } from '@forge/program';
import type { LanguageModel } from '@forge/provider';
import { type CheckpointRecord, MemoryCheckpointStore } from '../checkpoint-store.js';
import type { Method, MethodResult } from '../method.js';
import type { MethodEvent } from '../method-event.js';
import { createMethodTestContext, type MethodTestContextOptions } from './method-test-context.js';

/**
 * A benchmark together with the models that answer it. `@forge/sim`'s `SimWorld` is one; so is
 * any scripted set-up a method's own tests build.
 */
export interface MethodTestWorld {
  /** The task; its `loadSplits` gives the training and validation instances. */
  readonly benchmark: Benchmark;
  /** The task model. */
  readonly taskModel: LanguageModel;
  /** The optimizer model of every role, or one per role. */
  readonly optimizerModel: LanguageModel | ((role: string) => LanguageModel);
}

/** The part of `MethodTestContextOptions` a world fills in. */
export type MethodTestWorldOptions = Pick<
  MethodTestContextOptions,
  'benchmark' | 'train' | 'validation' | 'taskModel' | 'optimizerModel'
>;

/**
 * Loads the world's splits and returns the benchmark, training and validation instances and
 * models, ready to spread into `createMethodTestContext` or `checkMethodResume` options.
 */
export async function worldTestOptions(world: MethodTestWorld): Promise<MethodTestWorldOptions> {
  const splits = await world.benchmark.loadSplits();
  return {
    benchmark: world.benchmark,
    train: splits.train,
    validation: splits.validation,
    taskModel: world.taskModel,
    optimizerModel: world.optimizerModel,
  };
}

/** What `runMethodInWorld` takes besides the method and the world. */
export type MethodWorldRunOptions = Omit<
  MethodTestContextOptions,
  keyof MethodTestWorldOptions | 'checkpoints'
>;

/** One finished run of a method in a test world, with what a test audits. */
export interface MethodWorldRun {
  /** What `method.run` returned. */
  readonly result: MethodResult;
  /** Every checkpoint record the run appended, in order. */
  readonly records: readonly CheckpointRecord[];
  /** Every event the method emitted, in order. */
  readonly events: readonly MethodEvent[];
  /** Program runs actually made: the host-side count of task evaluations. */
  readonly evaluationsCounted: number;
}

/**
 * Runs `method` once, uninterrupted, in `world` with fresh memory checkpoints. Settings default
 * to the method's own defaults (`method.parseSettings({})`), not to `{}`.
 */
export async function runMethodInWorld(
  method: Method,
  world: MethodTestWorld,
  options: MethodWorldRunOptions,
): Promise<MethodWorldRun> {
  const checkpoints = new MemoryCheckpointStore();
  const test = createMethodTestContext({
    ...(await worldTestOptions(world)),
    settings: method.parseSettings?.({}) ?? {},
    ...options,
    checkpoints,
  });
  const result = await method.run(test.context);
  return {
    result,
    records: await checkpoints.records(),
    events: test.events,
    evaluationsCounted: test.evaluationsCounted(),
  };
}
