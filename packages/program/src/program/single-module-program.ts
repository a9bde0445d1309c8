import { InvalidArgumentError } from '@forge/provider';
import type { Instance } from '../signature/instance.js';
import { type Demonstration, demonstrationMessages, demonstrationsFor } from './demonstration.js';
import type { Execution } from './execution.js';
import type { Program, ProgramContext, Prompts } from './program.js';

/** Settings of a one-module program that sends one user message and parses one answer. */
export interface SingleModuleProgramSettings {
  /** Program name. */
  readonly name: string;
  /** Module name. */
  readonly moduleName: string;
  /** Seed system prompt. */
  readonly seedPrompt: string;
  /** What the module does. */
  readonly description?: string;
  /** Builds the user message from the instance's inputs. */
  readonly renderInput: (instance: Instance) => string;
  /** Parses the model's text into output field values. */
  readonly parseOutput: (text: string, instance: Instance) => Record<string, unknown>;
  /**
   * Writes a demonstration's answer turn: its outputs (and reasoning, when it has some) in the
   * format `parseOutput` reads back. Without it the program cannot show demonstrations.
   */
  readonly renderAnswer?: (output: Readonly<Record<string, unknown>>, reasoning?: string) => string;
  /**
   * The reasoning part of a reply (the text before its answer), recorded with a bootstrapped
   * demonstration. Without it demonstrations carry no reasoning.
   */
  readonly reasoningOf?: (text: string) => string | undefined;
  /** Output-token limit of the call. */
  readonly maxOutputTokens?: number;
  /** Provider options for the call (e.g. thinking off). */
  readonly providerOptions?: { readonly [provider: string]: { readonly [key: string]: unknown } };
}

/**
 * A program with one module: system prompt + rendered input → one model call → parsed output.
 * Demonstrations, when the context gives any, come first as user/answer turn pairs rendered
 * with `renderInput` and `renderAnswer`.
 */
export function createSingleModuleProgram(settings: SingleModuleProgramSettings): Program {
  const { renderAnswer } = settings;
  const renderDemonstration = (demonstration: Demonstration): string => {
    if (renderAnswer === undefined) {
      throw new InvalidArgumentError({
        argument: 'demos',
        message: `program ${settings.name}: module ${settings.moduleName} cannot show demonstrations (its program gives no renderAnswer)`,
      });
    }
    return renderAnswer(demonstration.output, demonstration.reasoning);
  };
  return {
    name: settings.name,
    modules: [
      {
        name: settings.moduleName,
        seedPrompt: settings.seedPrompt,
        ...(settings.description === undefined ? {} : { description: settings.description }),
      },
    ],
    async run(instance: Instance, prompts: Prompts, context: ProgramContext): Promise<Execution> {
      const user = settings.renderInput(instance);
      const shots = demonstrationMessages(demonstrationsFor(context.demos, settings.moduleName), {
        input: (demonstration) =>
          settings.renderInput({
            id: demonstration.instanceId ?? 'demonstration',
            input: demonstration.input,
            gold: {},
          }),
        answer: renderDemonstration,
      });
      const result = await context.model.generate({
        system: prompts[settings.moduleName],
        messages: [...shots, { role: 'user', content: user }],
        maxOutputTokens: settings.maxOutputTokens,
        providerOptions: settings.providerOptions,
        abortSignal: context.abortSignal,
        metadata: { role: 'task', ...context.metadata },
      });
      const output = settings.parseOutput(result.text, instance);
      const reasoning = settings.reasoningOf?.(result.text);
      const record = context.recordDemonstrations === true && renderAnswer !== undefined;
      return {
        output,
        trace: [
          {
            module: settings.moduleName,
            messages: [
              { role: 'user', content: user },
              { role: 'assistant', content: result.text },
            ],
            output,
            ...(record
              ? {
                  demonstration: {
                    input: instance.input,
                    output,
                    ...(reasoning === undefined || reasoning === '' ? {} : { reasoning }),
                    instanceId: instance.id,
                  },
                }
              : {}),
          },
        ],
        usage: result.usage,
      };
    },
  };
}
