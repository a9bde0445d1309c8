import { InvalidArgumentError, type ResponseFormat } from '@forge/provider';
import { z } from 'zod';
import type { ProgramModule } from '../program/program.js';
import { defineSignature } from '../signature/define-signature.js';
import type { SignatureField } from '../signature/signature.js';
import {
  type ModuleAnswer,
  parseModuleAnswer,
  renderModuleAnswer,
  renderModuleInput,
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
  /** Reads a model's answer: coerced output fields checked against the output schema, or why not. */
  parseAnswer(text: string): ModuleAnswer;
}

/**
 * A typed module from zod schemas of its input and output fields. Field types map as in
 * `defineSignature` (str, int, float, bool, list, dict); the answer format is one tag per output
 * field (docs/prompt-contracts.md, "Typed modules"), read back with lossless coercion and then
 * checked against the output schema (so enums and `.min()`-style checks hold).
 *
 * @throws InvalidArgumentError naming the module and the field when a schema cannot be a signature.
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
  const json = declaration.answerFormat === 'json';
  const responseFormat = json ? jsonResponseFormat(name, declaration.output) : undefined;
  return {
    name,
    seedPrompt: declaration.seedPrompt,
    ...(declaration.description === undefined ? {} : { description: declaration.description }),
    input: declaration.input as unknown as z.ZodType<z.output<InputSchema>>,
    output: declaration.output as unknown as z.ZodType<z.output<OutputSchema>>,
    inputFields,
    outputFields,
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
        ? renderJsonModuleInput(input as Record<string, unknown>, outputFields)
        : renderModuleInput(input as Record<string, unknown>, outputFields),
    renderAnswer: (output, reasoning) =>
      json
        ? renderJsonModuleAnswer(output as Record<string, unknown>, outputFields)
        : renderModuleAnswer(output as Record<string, unknown>, outputFields, reasoning),
    parseAnswer(text) {
      const answer = json
        ? parseJsonModuleAnswer(text, name, outputFields)
        : parseModuleAnswer(text, name, outputFields);
      if (!answer.ok) return answer;
      const checked = declaration.output.safeParse(answer.output);
      if (checked.success) return { ...answer, output: checked.data as Record<string, unknown> };
      const issue = checked.error.issues[0];
      return {
        ok: false,
        reason: `module ${name}: output field ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'does not match the output schema'}`,
      };
    },
  };
}

// The JSON schema of a module's output, sent as the request's response format.
function jsonResponseFormat(name: string, output: z.ZodObject): ResponseFormat {
  try {
    const { $schema: _dialect, ...schema } = z.toJSONSchema(output) as Record<string, unknown>;
    return { type: 'json', name, schema };
  } catch (error) {
    throw new InvalidArgumentError({
      argument: 'output',
      message: `module ${name}: answerFormat "json" needs an output schema that JSON Schema can describe (${(error as Error).message})`,
      cause: error,
    });
  }
}
