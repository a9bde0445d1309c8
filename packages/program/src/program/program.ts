import type { CallMetadata, LanguageModel } from '@forge/provider';
import type { Instance } from '../signature/instance.js';
import type { Signature } from '../signature/signature.js';
import type { Demonstrations } from './demonstration.js';
import type { Execution } from './execution.js';

/** One optimizable module of a program. */
export interface ProgramModule {
  /** Module name; the key of its prompt in a candidate. */
  readonly name: string;
  /** The seed system prompt (candidate 0). */
  readonly seedPrompt: string;
  /** What the module does, for people reading reports. */
  readonly description?: string;
}

/** A complete mapping from module name to system prompt. */
export type Prompts = Readonly<Record<string, string>>;

/** What a program run may use besides the instance and the prompts. */
export interface ProgramContext {
  /** The task model. */
  readonly model: LanguageModel;
  /**
   * Task models of particular modules, by module name: a module named here sends its calls to its
   * own model, every other module to `model` (programs made with `defineProgram`). Inside a run
   * of `optimize` the host routes by each call's `metadata.module` instead (the run config's
   * `moduleModels`), so the cache, the call records and the cost table see every model.
   */
  readonly moduleModels?: Readonly<Record<string, LanguageModel>>;
  /** Cancels the run. */
  readonly abortSignal?: AbortSignal;
  /** Facts passed to every model call (role `task`, sample index for repeated evaluation). */
  readonly metadata?: CallMetadata;
  /**
   * The candidate's few-shot demonstrations by module (optimizers such as MIPROv2 set them). A
   * module renders its own as earlier turns before its live input; absent or empty means
   * zero-shot, the same requests as a program that knows nothing of demonstrations.
   */
  readonly demos?: Demonstrations;
  /**
   * Asks the program to record each module invocation as a demonstration in its trace entry
   * (`TraceEntry.demonstration`), for optimizers that bootstrap demos from successful runs.
   * Off by default, so traces stay as small as before.
   */
  readonly recordDemonstrations?: boolean;
}

/**
 * An LM program: named modules with system prompts, run on one instance at a time. `run` must
 * be a pure function of (instance, prompts, demonstrations, model responses): Forge's
 * determinism and resume rely on it. A model-call failure rejects; a malformed model answer does not (the program
 * returns what it could parse and the evaluator scores it). `Input`, `Gold` and `Output` type
 * the instances it runs on and the prediction it returns (`defineProgram` infers them from its
 * zod schemas); untyped, all three are records.
 */
export interface Program<
  Input = Readonly<Record<string, unknown>>,
  Gold = Readonly<Record<string, unknown>>,
  Output = Readonly<Record<string, unknown>>,
> {
  /** Program name. */
  readonly name: string;
  /** Modules in declaration order; round-robin reflection follows this order. */
  readonly modules: readonly ProgramModule[];
  /**
   * The task signature, when the program declares one (`defineProgram` does): `defineBenchmark`
   * and `optimize` use it when no signature is given, so synthesis sees the field descriptions.
   */
  readonly signature?: Signature;
  /** Runs the program on one instance with the given prompts. */
  run(
    instance: Instance<Input, Gold>,
    prompts: Prompts,
    context: ProgramContext,
  ): Promise<Execution<Output>>;
}

/** The seed candidate of a program: every module's seed prompt. */
export function seedPrompts(program: Pick<Program, 'modules'>): Prompts {
  return Object.fromEntries(program.modules.map((module) => [module.name, module.seedPrompt]));
}
