import type { Instance } from '../signature/instance.js';
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
  /** Output-token limit of the call. */
  readonly maxOutputTokens?: number;
  /** Provider options for the call (e.g. thinking off). */
  readonly providerOptions?: { readonly [provider: string]: { readonly [key: string]: unknown } };
}

/** A program with one module: system prompt + rendered input → one model call → parsed output. */
export function createSingleModuleProgram(settings: SingleModuleProgramSettings): Program {
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
      const result = await context.model.generate({
        system: prompts[settings.moduleName],
        messages: [{ role: 'user', content: user }],
        maxOutputTokens: settings.maxOutputTokens,
        providerOptions: settings.providerOptions,
        abortSignal: context.abortSignal,
        metadata: { role: 'task', ...context.metadata },
      });
      const output = settings.parseOutput(result.text, instance);
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
          },
        ],
        usage: result.usage,
      };
    },
  };
}
