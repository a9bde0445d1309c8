import {
  type Demonstration,
  type Program,
  readRenderedFields,
  type TypedModule,
} from '@forge/program';
import type { GenerateRequest, LanguageModel } from '@forge/provider';
import { typedValues } from './read-contract-text.js';
import { scriptedLanguageModel } from './scripted-language-model.js';

/** What a scripted task model's answer function receives for one module invocation. */
export interface ScriptedTaskCall {
  /** The module the request is for (recognised from its input fields and answer format). */
  readonly module: string;
  /** The module's input fields, read back from the request. */
  readonly input: Readonly<Record<string, unknown>>;
  /** The system prompt: the candidate's prompt for the module, as the optimizer left it. */
  readonly prompt: string;
  /** Demonstrations shown before the input (few-shot methods such as MIPROv2 add them). */
  readonly demonstrations: readonly Demonstration[];
  /**
   * 0 for the first ask of an invocation; n for its n-th re-ask (the module's last answer could
   * not be used, and the program asked again: `defineModule({ maxReasks })`).
   */
  readonly attempt: number;
  /** On a re-ask, the follow-up the program sent (it names what was wrong). */
  readonly reask?: string;
  /** The request as received. */
  readonly request: GenerateRequest;
}

/** Settings of `scriptedTaskModel`. */
export interface ScriptedTaskModelSettings {
  /** The program whose modules (made with `defineModule`) the model answers. */
  readonly program: Pick<Program, 'modules'>;
  /**
   * The answer of one invocation: the module's output fields (the helper writes them in the
   * module's answer format — lists and objects as JSON; a field left out is missing from the
   * answer), or a string sent as the answer text exactly as it is. A `reasoning` key that is not an
   * output field of the module is written as its reasoning (in the `<reasoning>` tag of a module
   * with `reasoning: true`).
   */
  readonly answer: (
    call: ScriptedTaskCall,
  ) =>
    | Readonly<Record<string, unknown>>
    | string
    | Promise<Readonly<Record<string, unknown>> | string>;
  /** Provider name the model reports. Default `scripted`. */
  readonly provider?: string;
  /** Model id the model reports. Default `task`. */
  readonly modelId?: string;
}

/** A scripted task model: a `LanguageModel` that records its calls. */
export interface ScriptedTaskModel extends LanguageModel {
  /** Every invocation answered, in the order received. */
  readonly calls: readonly ScriptedTaskCall[];
}

/**
 * An offline stand-in for the task model of a program made with `defineProgram` (the role
 * DSPy's `DummyLM` plays): each request is matched to the module that sent it, its input fields
 * are read back, and `answer(module, input, prompt)` decides the output fields, which the helper
 * writes in the module's answer format. A re-ask is recognised as one (`attempt`, `reask`), and
 * the demonstrations before the input are read back with their reasoning. Deterministic as long as
 * `answer` is. Not an LLM: a run on it tells whether an integration works, not how well a real
 * model would do.
 *
 * @throws Error from `generate` when a request matches none of the program's modules.
 */
export function scriptedTaskModel(settings: ScriptedTaskModelSettings): ScriptedTaskModel {
  const modules = settings.program.modules.filter(isTypedModule);
  const calls: ScriptedTaskCall[] = [];
  return scriptedLanguageModel(settings, 'task', calls, async (request) => {
    const messages = request.messages;
    // The live input is the last user turn with an answer format; after it come re-asks.
    const live = messages.findLastIndex(
      (message) =>
        message.role === 'user' && String(message.content).includes('## Answer format\n'),
    );
    const user = String(messages[live]?.content ?? messages.at(-1)?.content ?? '');
    const module = modules.find((candidate) => sentBy(candidate, user));
    if (module === undefined) {
      throw new Error(
        `scriptedTaskModel: no module of the program sent this request (it answers modules made with defineModule): ${user.slice(0, 120)}`,
      );
    }
    const demonstrations: Demonstration[] = [];
    for (let index = 0; index + 1 < live; index += 2) {
      const answer = module.parseAnswer(String(messages[index + 1]?.content ?? ''));
      demonstrations.push({
        input: readInput(module, String(messages[index]?.content ?? '')),
        output: answer.ok ? answer.output : {},
        ...(answer.ok && answer.reasoning !== undefined ? { reasoning: answer.reasoning } : {}),
      });
    }
    const attempt = Math.max(0, Math.floor((messages.length - 1 - live) / 2));
    const call: ScriptedTaskCall = {
      module: module.name,
      input: readInput(module, user),
      prompt: request.system ?? '',
      demonstrations,
      attempt,
      ...(attempt === 0 ? {} : { reask: String(messages.at(-1)?.content ?? '') }),
      request,
    };
    calls.push(call);
    const output = await settings.answer(call);
    const text = typeof output === 'string' ? output : writeAnswer(module, output);
    return { user, text };
  });
}

// The output fields in the module's format, and a `reasoning` key (when it is not a field) as the
// reasoning.
function writeAnswer(module: TypedModule, output: Readonly<Record<string, unknown>>): string {
  const reasoning = output['reasoning'];
  const isField = module.outputFields.some((field) => field.name === 'reasoning');
  return module.renderAnswer(
    output as Record<string, unknown>,
    !isField && typeof reasoning === 'string' ? reasoning : undefined,
  );
}

function isTypedModule(module: unknown): module is TypedModule {
  return typeof (module as TypedModule).parseAnswer === 'function';
}

// A module's user turn starts with its input fields and ends with its answer format: a line per
// output field (after a reasoning line for a reasoning module), a tag or a JSON key.
function sentBy(module: TypedModule, user: string): boolean {
  const format = user.lastIndexOf('## Answer format\n');
  if (format < 0) return false;
  const json = module.callSettings.responseFormat !== undefined;
  const names = [
    ...(module.reasoning ? ['reasoning'] : []),
    ...module.outputFields.map((field) => field.name),
  ];
  const lines = user
    .slice(format)
    .split('\n')
    .filter((line) => line.startsWith(json ? '"' : '<'));
  if (lines.length !== names.length) return false;
  const expected = names.map((name) => (json ? `"${name}": ` : `<${name}>…</${name}>  (`));
  if (!expected.every((start, index) => lines[index]?.startsWith(start))) return false;
  let position = 0;
  for (const field of module.inputFields) {
    const at = user.indexOf(`## ${field.name}\n`, position);
    if (at < 0 || at > format) return false;
    position = at;
  }
  return true;
}

function readInput(module: TypedModule, user: string): Record<string, unknown> {
  const format = user.lastIndexOf('\n\n## Answer format\n');
  const text = format < 0 ? user : user.slice(0, format);
  const names = module.inputFields.map((field) => field.name);
  return typedValues(readRenderedFields(text, 2, names), module.inputFields);
}
