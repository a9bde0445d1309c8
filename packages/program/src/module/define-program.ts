import {
  addUsage,
  InvalidArgumentError,
  type LanguageModel,
  type Message,
  type Usage,
} from '@forge/provider';
import type { z } from 'zod';
import { demonstrationMessages, demonstrationsFor } from '../program/demonstration.js';
import type { Evaluator } from '../program/evaluation.js';
import type { Execution, TraceEntry } from '../program/execution.js';
import type { Program, ProgramContext, Prompts } from '../program/program.js';
import { defineSignature } from '../signature/define-signature.js';
import type { Instance } from '../signature/instance.js';
import type { Signature } from '../signature/signature.js';
import { renderReask } from './answer-format.js';
import type { TypedModule } from './define-module.js';
import { ModuleAnswerError } from './module-answer-error.js';
import { ModuleCallHistory } from './module-call-history.js';

/** What a program's `run` receives besides its input. */
export interface ProgramRunContext {
  /**
   * Invokes one of the program's modules on an input and resolves to its output fields, typed by
   * the module's schemas. It sends the candidate's prompt for the module (with its demonstrations,
   * if any) to the task model with the run's abort signal and the `task` role, adds the usage, and
   * records the invocation in the trace the optimizer reflects on. The model is the module's own
   * when the context names one (`ProgramContext.moduleModels`), else the task model. An answer
   * without usable output fields is asked again up to `maxReasks` times (the module's, else the
   * program's, else none); one still unusable rejects with a `ModuleAnswerError`; left uncaught,
   * the program's prediction is empty and the trace says why.
   */
  call<Input, Output>(module: TypedModule<Input, Output>, input: Input): Promise<Output>;
  /** Adds a note (a retrieval result, a tool's answer) to the trace, after the last invocation. */
  note(text: string): void;
  /** Cancels the run; pass it to anything slow the program does between module calls. */
  readonly abortSignal?: AbortSignal;
}

/** What `defineProgram` takes. */
export interface ProgramDeclaration<
  InputSchema extends z.ZodObject,
  OutputSchema extends z.ZodObject,
  GoldSchema extends z.ZodObject,
> {
  /** Program name (the default id of its runs). */
  readonly name: string;
  /** The modules `run` calls, in the order round-robin reflection visits them. */
  // biome-ignore lint/suspicious/noExplicitAny: modules of any field types
  readonly modules: readonly TypedModule<any, any>[];
  /** The instance's input fields, as a zod object schema. */
  readonly input: InputSchema;
  /** The prediction's fields, as a zod object schema. */
  readonly output: OutputSchema;
  /** The gold fields of an instance, when they differ from the output fields. Default `output`. */
  readonly gold?: GoldSchema;
  /**
   * Re-asks after an unusable answer, for every module that does not set its own
   * (`defineModule({ maxReasks })`). Default 0.
   */
  readonly maxReasks?: number;
  /** The program itself: plain async code that calls modules with `call(module, input)`. */
  run(input: z.output<InputSchema>, context: ProgramRunContext): Promise<z.output<OutputSchema>>;
  /** How many module calls `history` keeps (the last ones). Default 50; 0 keeps none. */
  readonly historySize?: number;
}

/**
 * A program made with `defineProgram`: a `Program` typed by its schemas, with the task signature
 * (its input and gold fields) that synthesis and reports read.
 */
export interface TypedProgram<Input, Gold, Output> extends Program<Input, Gold, Partial<Output>> {
  /** The task signature: the program's input fields and its gold fields. */
  readonly signature: Signature;
  /** The modules, typed. */
  // biome-ignore lint/suspicious/noExplicitAny: modules of any field types
  readonly modules: readonly TypedModule<any, any>[];
  /**
   * The program's last module calls (system prompt, messages, input, answer, parse result), in
   * memory, for looking at what the model was asked and said: `program.history.last(3)`, or
   * `inspect(program)` in `@forge/sdk` to print them.
   */
  readonly history: ModuleCallHistory;
  /**
   * Runs the program on an input outside optimization (production code): the gold fields are
   * never read, so `{ id, input }` is enough — `program.run({ id, input }, prompts, { model })`.
   */
  run(
    instance: ProgramInput<Input>,
    prompts: Prompts,
    context: ProgramContext,
  ): Promise<Execution<Partial<Output>>>;
  /** Runs the program on one instance with a candidate's prompts (what optimization does). */
  run(
    instance: Instance<Input, Gold>,
    prompts: Prompts,
    context: ProgramContext,
  ): Promise<Execution<Partial<Output>>>;
}

/** What a typed program runs on in production: an instance without gold fields. */
export interface ProgramInput<Input> {
  /** An id for the trace and the model calls' records. */
  readonly id: string;
  /** The program's input fields. */
  readonly input: Input;
}

/**
 * A program from typed modules and plain async code. `run(input, { call })` is ordinary
 * TypeScript; every `call` is traced and attributed to its module, so reflection, the report and
 * cost accounting see each invocation without any bookkeeping by the program. Instances, the
 * metric and the prediction take their types from the schemas (`InstanceOf`, `EvaluatorOf`).
 *
 * @throws InvalidArgumentError when a module name repeats, a schema cannot be a signature, or
 * `maxReasks` is not a whole number ≥ 0.
 */
export function defineProgram<
  InputSchema extends z.ZodObject,
  OutputSchema extends z.ZodObject,
  GoldSchema extends z.ZodObject = OutputSchema,
>(
  declaration: ProgramDeclaration<InputSchema, OutputSchema, GoldSchema>,
): TypedProgram<z.output<InputSchema>, z.output<GoldSchema>, z.output<OutputSchema>> {
  const { name, modules } = declaration;
  if (!Array.isArray(modules) || modules.length === 0) {
    throw new InvalidArgumentError({
      argument: 'modules',
      message: `program ${name}: modules must list at least one module made with defineModule`,
    });
  }
  const byName = new Map<string, TypedModule>();
  for (const module of modules) {
    if (typeof module?.parseAnswer !== 'function') {
      throw new InvalidArgumentError({
        argument: 'modules',
        message: `program ${name}: every module must be made with defineModule`,
      });
    }
    if (byName.has(module.name)) {
      throw new InvalidArgumentError({
        argument: 'modules',
        message: `program ${name}: two modules are named "${module.name}"`,
      });
    }
    byName.set(module.name, module);
  }
  const programReasks = declaration.maxReasks ?? 0;
  if (!(Number.isSafeInteger(programReasks) && programReasks >= 0)) {
    throw new InvalidArgumentError({
      argument: 'maxReasks',
      message: `program ${name}: maxReasks must be a whole number ≥ 0, got ${String(programReasks)}`,
    });
  }
  const signature = defineSignature({
    name,
    input: declaration.input,
    output: declaration.gold ?? declaration.output,
  });
  const history = new ModuleCallHistory(declaration.historySize);
  const program: RuntimeProgram = {
    name,
    modules,
    signature,
    history,
    async run(instance: Instance, prompts: Prompts, context: ProgramContext) {
      const trace: TraceEntry[] = [];
      let usage: Usage = { inputTokens: 0, outputTokens: 0 };
      const call = async <Input, Output>(
        module: TypedModule<Input, Output>,
        input: Input,
      ): Promise<Output> => {
        if (byName.get(module.name) !== module) {
          throw new InvalidArgumentError({
            argument: 'call',
            message: `program ${name}: call(${module.name}): the module is not in the program's modules`,
          });
        }
        const user = module.renderInput(input);
        const shots = demonstrationMessages(demonstrationsFor(context.demos, module.name), {
          input: (demonstration) => module.renderInput(demonstration.input as Input),
          answer: (demonstration) =>
            module.renderAnswer(demonstration.output as Output, demonstration.reasoning),
        });
        const model = modelFor(context, module.name);
        const reasks = module.maxReasks ?? programReasks;
        // The live conversation: the input, each answer, and each re-ask's follow-up.
        const messages: Message[] = [{ role: 'user', content: user }];
        const system = prompts[module.name] ?? module.seedPrompt;
        for (let attempt = 0; ; attempt += 1) {
          const sent = [...shots, ...messages];
          const result = await model.generate({
            system,
            messages: sent,
            ...module.callSettings,
            abortSignal: context.abortSignal,
            metadata: { role: 'task', ...context.metadata, module: module.name },
          });
          usage = addUsage(usage, result.usage);
          messages.push({ role: 'assistant', content: result.text });
          const answer = module.parseAnswer(result.text);
          history.record({
            module: module.name,
            instanceId: instance.id,
            attempt,
            // Inside optimize the model is a router with the task model's name (routedTo).
            model: result.routedTo ?? `${model.provider}:${model.modelId}`,
            system,
            messages: sent,
            input: input as Record<string, unknown>,
            answer: result.text,
            parsed: answer.ok
              ? {
                  ok: true,
                  output: answer.output,
                  ...(answer.reasoning === undefined ? {} : { reasoning: answer.reasoning }),
                }
              : { ok: false, reason: answer.reason },
            usage: result.usage,
            time: Date.now(),
          });
          if (!answer.ok && attempt < reasks) {
            messages.push({ role: 'user', content: renderReask(answer.problem) });
            continue;
          }
          if (!answer.ok) {
            trace.push({ module: module.name, messages, notes: [answer.reason] });
            throw new ModuleAnswerError({ module: module.name, reason: answer.reason });
          }
          const record = context.recordDemonstrations === true;
          trace.push({
            module: module.name,
            messages,
            output: answer.output,
            ...(record
              ? {
                  demonstration: {
                    input: input as Record<string, unknown>,
                    output: answer.output,
                    ...(answer.reasoning === undefined ? {} : { reasoning: answer.reasoning }),
                    instanceId: instance.id,
                  },
                }
              : {}),
          });
          return answer.output as Output;
        }
      };
      const note = (text: string) => {
        const last = trace.at(-1);
        if (last === undefined) return;
        trace[trace.length - 1] = { ...last, notes: [...(last.notes ?? []), text] };
      };
      let output: Readonly<Record<string, unknown>>;
      try {
        output = await declaration.run(instance.input as z.output<InputSchema>, {
          call,
          note,
          ...(context.abortSignal === undefined ? {} : { abortSignal: context.abortSignal }),
        });
      } catch (error) {
        // A malformed answer is the program's prediction failing, not the run: score it.
        if (!ModuleAnswerError.isInstance(error)) throw error;
        output = {};
      }
      const execution: Execution = { output, trace, usage };
      return execution;
    },
  };
  // The schemas type what `run` reads and returns; the runtime program is untyped.
  return program as unknown as TypedProgram<
    z.output<InputSchema>,
    z.output<GoldSchema>,
    z.output<OutputSchema>
  >;
}

/** The untyped program `defineProgram` builds, before its types are put on. */
type RuntimeProgram = Program & {
  readonly signature: Signature;
  readonly history: ModuleCallHistory;
};

/** The model a module's calls go to: its own when the context names one, else the task model. */
function modelFor(context: ProgramContext, module: string): LanguageModel {
  const own = context.moduleModels;
  return own !== undefined && Object.hasOwn(own, module)
    ? (own[module] ?? context.model)
    : context.model;
}

/** The input type of a typed program. */
// biome-ignore lint/suspicious/noExplicitAny: matches any program
export type InputOf<P> = P extends Program<infer Input, any, any> ? Input : never;
/** The gold type of a typed program. */
// biome-ignore lint/suspicious/noExplicitAny: matches any program
export type GoldOf<P> = P extends Program<any, infer Gold, any> ? Gold : never;
/** The prediction type of a typed program (fields may be missing when an answer was unusable). */
// biome-ignore lint/suspicious/noExplicitAny: matches any program
export type OutputOf<P> = P extends Program<any, any, infer Output> ? Output : never;
/** An instance of a typed program: `InstanceOf<typeof program>`. */
export type InstanceOf<P> = Instance<InputOf<P>, GoldOf<P>>;
/** The metric of a typed program: `EvaluatorOf<typeof program>`. */
export type EvaluatorOf<P> = Evaluator<InputOf<P>, GoldOf<P>, OutputOf<P>>;
