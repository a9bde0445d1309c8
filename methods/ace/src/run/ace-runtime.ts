import { evaluateMany } from '@forge/method';
import type {
  EvaluatedExecution,
  Evaluator,
  Instance,
  Program,
  ProgramModule,
  Prompts,
} from '@forge/program';
import { type GenerateResult, type LanguageModel, withCallMetadata } from '@forge/provider';
import type { AceSettings } from '../ace-settings.js';
import type { Playbook } from '../playbook/playbook.js';
import { playbookPrompts } from '../playbook/playbook-prompts.js';
import type { UsageEntry } from './ace-state.js';

/** What ACE's units of work run on: the program, the three roles' models and the settings. */
export interface AceRuntime {
  /** The task program (the generator runs it). */
  readonly program: Program;
  /** Its metric. */
  readonly evaluate: Evaluator;
  /** Its modules, in declaration order. */
  readonly modules: readonly ProgramModule[];
  /** The seed prompts the playbook is rendered after. */
  readonly seedPrompts: Prompts;
  /** The task model (generator role, counted as evaluations). */
  readonly taskModel: LanguageModel;
  /** The `reflect` role's model. */
  readonly reflector: LanguageModel;
  /** The `curate` role's model. */
  readonly curator: LanguageModel;
  /** ACE's settings. */
  readonly settings: AceSettings;
  /** Concurrency limit for task evaluations. */
  readonly limit: <T>(task: () => Promise<T>) => Promise<T>;
  /** Aborts in-flight calls. */
  readonly abortSignal?: AbortSignal;
  /** Called with every evaluation as it ends (live progress; not persisted). */
  readonly onEvaluated: (target: string, evaluated: EvaluatedExecution) => void;
}

/** The prompts a playbook stands for, with an optional reflection for a regeneration round. */
export function promptsFor(runtime: AceRuntime, playbook: Playbook, reflection?: string): Prompts {
  return playbookPrompts({
    seedPrompts: runtime.seedPrompts,
    modules: runtime.modules.map((module) => module.name),
    playbook,
    ...(reflection === undefined ? {} : { reflection }),
    ...(runtime.settings.profile === 'reference' ? { headings: 'reference' as const } : {}),
  });
}

/** Runs the program with the given prompts on instances; results by index. */
export async function evaluateWith(
  runtime: AceRuntime,
  prompts: Prompts,
  instances: readonly Instance[],
  target: string,
): Promise<EvaluatedExecution[]> {
  return evaluateMany({
    program: runtime.program,
    evaluate: runtime.evaluate,
    model: withCallMetadata(runtime.taskModel, { target }),
    prompts,
    instances,
    limit: runtime.limit,
    ...(runtime.abortSignal === undefined ? {} : { abortSignal: runtime.abortSignal }),
    onEvaluated: (evaluated) => runtime.onEvaluated(target, evaluated),
  });
}

/** Task usage of evaluations (one call counted per evaluation, as the core counts them). */
export function taskUsage(evaluations: readonly EvaluatedExecution[]): UsageEntry {
  let inputTokens = 0;
  let outputTokens = 0;
  for (const evaluated of evaluations) {
    inputTokens += evaluated.execution.usage?.inputTokens ?? 0;
    outputTokens += evaluated.execution.usage?.outputTokens ?? 0;
  }
  return { role: 'task', calls: evaluations.length, inputTokens, outputTokens, costUsd: 0 };
}

/** The usage of one optimizer-role call. */
export function callUsage(role: string, result: GenerateResult): UsageEntry {
  return {
    role,
    calls: 1,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    costUsd: result.costUsd ?? 0,
  };
}
