import { InvalidArgumentError, type ResponseFormat } from '@forge/provider';
import { z } from 'zod';
import type { ProgramModule } from '../program/program.js';
import { defineSignature } from '../signature/define-signature.js';
import type { SignatureField } from '../signature/signature.js';
import {
  formatFieldPath,
  type ModuleAnswer,
  parseModuleAnswer,
  reasoningTag,
  renderModuleAnswer,
  renderModuleInput,
  unusable,
} from './answer-format.js';
import {
  parseJsonModuleAnswer,
  renderJsonModuleAnswer,
  renderJsonModuleInput,
} from './json-answer-format.js';

/** What `defineModule` takes: a name, a seed prompt and zod schemas of the module's fields. */
export interface ModuleDeclaration<
  InputSchema extends z.ZodObject = z.ZodObject,
  OutputSchema extends z.ZodObject = z.ZodObject,
> {
  /** Module name; the key of its prompt in a candidate and in `best-prompts.json`. */
  readonly name: string;
  /** The seed system prompt (candidate 0), which the optimizer rewrites. */
  readonly seedPrompt: string;
  /** What the module does, for people reading reports. */
  readonly description?: string;
  /** The fields the module reads, as a zod object schema (`.describe()` each field). */
  readonly input: InputSchema;
  /** The fields the module answers, as a zod object schema; at least one. */
  readonly output: OutputSchema;
  /** Output-token limit of the module's call. */
  readonly maxOutputTokens?: number;
  /** Sampling temperature of the module's call; omitted means the provider's default. */
  readonly temperature?: number;
  /** Provider options for the module's call (e.g. thinking off). */
  readonly providerOptions?: { readonly [provider: string]: { readonly [key: string]: unknown } };
  /**
   * How the model writes its answer: `tags` (default), one `<field>…</field>` per output field
   * after any reasoning; or `json`, one JSON object whose schema (from `output`) goes with the
   * request as its response format, so models that follow a schema (a `local:` model's grammar,
   * a provider's structured output) always answer in a form that parses.
   */
  readonly answerFormat?: 'tags' | 'json';
  /**
   * The module reasons before it answers (DSPy's ChainOfThought): its answer format asks for a
   * `<reasoning>…</reasoning>` block before the output fields (with `answerFormat: 'json'`, a
   * `reasoning` key first in the object, and in its schema). The reasoning is never part of the
   * output; the trace keeps it (the reflector reads it) and so do recorded demonstrations.
   * Default false (the format, and every request, as without the option).
   */
  readonly reasoning?: boolean;
  /**
   * How many times `call` asks again when an answer cannot be used (a tag missing, a value that
   * does not fit its type or schema), each time with a short follow-up naming what was wrong; every
   * attempt is a model call of its own, counted in the usage. Default: the program's `maxReasks`,
   * else 0 (an unusable answer fails the call at once).
   */
  readonly maxReasks?: number;
}

/**
 * One typed module of a program made with `defineProgram`: a `ProgramModule` that knows its field
 * schemas, renders its input, asks for its output fields in its answer format and reads them back.
 * Invoke it inside a program's `run` with `call(module, input)`.
 */
export interface TypedModule<Input = Record<string, unknown>, Output = Record<string, unknown>>
  extends ProgramModule {
  /** The input schema given to `defineModule`. */
  readonly input: z.ZodType<Input>;
  /** The output schema given to `defineModule`. */
  readonly output: z.ZodType<Output>;
  /** The input fields as signature fields (types in the paper's notation). */
  readonly inputFields: readonly SignatureField[];
  /** The output fields as signature fields. */
  readonly outputFields: readonly SignatureField[];
  /** Whether the module reasons before answering (`defineModule({ reasoning: true })`). */
  readonly reasoning: boolean;
  /** Re-asks after an unusable answer, when `defineModule` was given them (else the program's). */
  readonly maxReasks?: number;
  /**
   * Call settings given to `defineModule` (token limit, temperature, provider options), and the
   * response format of a module answering in JSON.
   */
  readonly callSettings: Pick<
    ModuleDeclaration,
    'maxOutputTokens' | 'temperature' | 'providerOptions'
  > & { readonly responseFormat?: ResponseFormat };
  /** The user turn for an input: its fields, one Markdown heading each, then the answer format. */
  renderInput(input: Input): string;
  /** An answer in the module's format (how demonstrations and scripted models write one). */
  renderAnswer(output: Output, reasoning?: string): string;
  /**
   * Reads a model's answer: coerced output fields checked against the output schema (with the
   * reasoning, when there is any), or why not.
   */
  parseAnswer(text: string): ModuleAnswer;
}

/**
 * A typed module from zod schemas of its input and output fields. Field types map as in
 * `defineSignature` (str, int, float, bool, list, dict, nested objects); the answer format is one
 * tag per output field (docs/prompt-contracts.md, "Typed modules"), lists, dicts and objects as
 * JSON — or one JSON object with `answerFormat: 'json'` — read back with lossless coercion and
 * then checked against the output schema (so enums and `.min()`-style checks hold). With
 * `reasoning: true` the model reasons first, in a tag (or key) of its own.
 *
 * @throws InvalidArgumentError naming the module and the field when a schema cannot be a signature,
 * or naming the option when `maxReasks` is not a whole number ≥ 0 or a reasoning module has an
 * output field named `reasoning`.
 */
export function defineModule<InputSchema extends z.ZodObject, OutputSchema extends z.ZodObject>(
  declaration: ModuleDeclaration<InputSchema, OutputSchema>,
): TypedModule<z.output<InputSchema>, z.output<OutputSchema>> {
  const { name } = declaration;
  if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(name)) {
    throw new InvalidArgumentError({
      argument: 'name',
      message: `defineModule: name ${JSON.stringify(name)} must be an identifier (letters, digits, _ and -)`,
    });
  }
  if (typeof declaration.seedPrompt !== 'string' || declaration.seedPrompt.trim() === '') {
    throw new InvalidArgumentError({
      argument: 'seedPrompt',
      message: `module ${name}: seedPrompt must be a non-empty string`,
    });
  }
  const signature = defineSignature({
    name: `module ${name}`,
    input: declaration.input,
    output: declaration.output,
  });
  const { outputFields, inputFields } = signature;
  if (
    declaration.answerFormat !== undefined &&
    !['tags', 'json'].includes(declaration.answerFormat)
  ) {
    throw new InvalidArgumentError({
      argument: 'answerFormat',
      message: `module ${name}: answerFormat must be "tags" or "json", not ${JSON.stringify(declaration.answerFormat)}`,
    });
  }
  const reasoning = declaration.reasoning === true;
  if (reasoning && outputFields.some((field) => field.name === reasoningTag)) {
    throw new InvalidArgumentError({
      argument: 'reasoning',
      message: `module ${name}: with reasoning: true the model writes <${reasoningTag}> itself; rename the output field "${reasoningTag}"`,
    });
  }
  const { maxReasks } = declaration;
  if (maxReasks !== undefined && !(Number.isSafeInteger(maxReasks) && maxReasks >= 0)) {
    throw new InvalidArgumentError({
      argument: 'maxReasks',
      message: `module ${name}: maxReasks must be a whole number ≥ 0, got ${String(maxReasks)}`,
    });
  }
  const format = { reasoning };
  const json = declaration.answerFormat === 'json';
  const responseFormat = json ? jsonResponseFormat(name, declaration.output, reasoning) : undefined;
  return {
    name,
    seedPrompt: declaration.seedPrompt,
    ...(declaration.description === undefined ? {} : { description: declaration.description }),
    input: declaration.input as unknown as z.ZodType<z.output<InputSchema>>,
    output: declaration.output as unknown as z.ZodType<z.output<OutputSchema>>,
    inputFields,
    outputFields,
    reasoning,
    ...(maxReasks === undefined ? {} : { maxReasks }),
    callSettings: {
      ...(declaration.maxOutputTokens === undefined
        ? {}
        : { maxOutputTokens: declaration.maxOutputTokens }),
      ...(declaration.temperature === undefined ? {} : { temperature: declaration.temperature }),
      ...(declaration.providerOptions === undefined
        ? {}
        : { providerOptions: declaration.providerOptions }),
      ...(responseFormat === undefined ? {} : { responseFormat }),
    },
    renderInput: (input) =>
      json
        ? renderJsonModuleInput(input as Record<string, unknown>, outputFields, format)
        : renderModuleInput(input as Record<string, unknown>, outputFields, format),
    renderAnswer: (output, thought) =>
      json
        ? renderJsonModuleAnswer(output as Record<string, unknown>, outputFields, thought, format)
        : renderModuleAnswer(output as Record<string, unknown>, outputFields, thought, format),
    parseAnswer(text) {
      const answer = json
        ? parseJsonModuleAnswer(text, name, outputFields, format)
        : parseModuleAnswer(text, name, outputFields, format);
      if (!answer.ok) return answer;
      const checked = declaration.output.safeParse(answer.output);
      if (checked.success) return { ...answer, output: checked.data as Record<string, unknown> };
      const issue = checked.error.issues[0];
      return unusable(
        name,
        `output field ${formatFieldPath(issue?.path ?? [])}: ${issue?.message ?? 'does not match the output schema'}`,
        answer.reasoning === undefined ? {} : { reasoning: answer.reasoning },
      );
    },
  };
}

// The JSON schema of a module's output, sent as the request's response format; a reasoning
// module's object starts with its `reasoning` string.
function jsonResponseFormat(name: string, output: z.ZodObject, reasoning: boolean): ResponseFormat {
  try {
    const { $schema: _dialect, ...schema } = z.toJSONSchema(output) as Record<string, unknown>;
    if (!reasoning) return { type: 'json', name, schema };
    const properties = schema['properties'] as Record<string, unknown>;
    const required = schema['required'] as readonly string[] | undefined;
    return {
      type: 'json',
      name,
      schema: {
        ...schema,
        properties: { [reasoningTag]: { type: 'string' }, ...properties },
        required: [reasoningTag, ...(required ?? [])],
      },
    };
  } catch (error) {
    throw new InvalidArgumentError({
      argument: 'output',
      message: `module ${name}: answerFormat "json" needs an output schema that JSON Schema can describe (${(error as Error).message})`,
      cause: error,
    });
  }
}
