import { type Instance, renderFields, renderValue, type Signature } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';

/** Options of `toTrlRows`. */
export interface TrlRowOptions {
  /**
   * How to turn an instance's inputs into the prompt: a template with `{field}` placeholders for
   * input fields, or a function. Default: the value itself for a single input field, else one
   * `## field` section per field.
   */
  readonly promptTemplate?: string | ((input: Readonly<Record<string, unknown>>) => string);
  /** When set, the prompt is conversational: `[{role: 'system', …}, {role: 'user', …}]`. */
  readonly system?: string;
  /** Add `instance_id`, `failure_mode` and `intent` columns. Default true. */
  readonly provenanceColumns?: boolean;
}

/** One TRL row: a `prompt` column plus gold and provenance columns. */
export type TrlRow = Record<string, unknown> & {
  /** A string, or a conversation when `system` is given. */
  readonly prompt:
    | string
    | readonly { readonly role: 'system' | 'user'; readonly content: string }[];
};

/**
 * Rows in TRL's prompt-only form, for GRPO and other RL trainers: `prompt` holds the rendered
 * inputs; every gold field becomes a column of its own name, and TRL passes every column except
 * `prompt` to the reward functions as keyword arguments. Provenance columns never overwrite a
 * gold column.
 *
 * @throws InvalidArgumentError when a gold field is named `prompt` or the template names a field
 *   the signature does not declare as input.
 */
export function toTrlRows(
  instances: readonly Instance[],
  signature: Signature,
  options: TrlRowOptions = {},
): TrlRow[] {
  if (signature.outputFields.some((field) => field.name === 'prompt')) {
    throw new InvalidArgumentError({
      argument: 'signature',
      message: 'signature: a gold field named "prompt" would collide with TRL\'s prompt column',
    });
  }
  const render = promptRenderer(signature, options.promptTemplate);
  return instances.map((instance) => {
    const text = render(instance.input);
    const row: Record<string, unknown> = {
      prompt:
        options.system === undefined
          ? text
          : [
              { role: 'system', content: options.system },
              { role: 'user', content: text },
            ],
    };
    for (const field of signature.outputFields) row[field.name] = instance.gold[field.name];
    if (options.provenanceColumns ?? true) {
      const metadata = instance.metadata ?? {};
      const provenance: Record<string, unknown> = {
        instance_id: instance.id,
        failure_mode: metadata['modeName'] ?? null,
        intent: metadata['intent'] ?? null,
      };
      for (const [key, value] of Object.entries(provenance)) {
        if (!Object.hasOwn(row, key)) row[key] = value;
      }
    }
    return row as TrlRow;
  });
}

function promptRenderer(
  signature: Signature,
  template: TrlRowOptions['promptTemplate'],
): (input: Readonly<Record<string, unknown>>) => string {
  if (typeof template === 'function') return template;
  const declared = new Set(signature.inputFields.map((field) => field.name));
  if (template === undefined) {
    const [only, ...rest] = signature.inputFields;
    if (only !== undefined && rest.length === 0) return (input) => renderValue(input[only.name]);
    // Declaration order, whatever order the instance's keys are in.
    return (input) =>
      renderFields(
        Object.fromEntries(signature.inputFields.map((field) => [field.name, input[field.name]])),
        2,
      );
  }
  for (const [, name] of template.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
    if (name !== undefined && !declared.has(name)) {
      throw new InvalidArgumentError({
        argument: 'promptTemplate',
        message: `promptTemplate: {${name}} is not an input field of ${signature.name}`,
      });
    }
  }
  return (input) =>
    template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_match, name: string) =>
      renderValue(input[name]),
    );
}

/** TRL rows as JSONL (one row per line, trailing newline), ready for `datasets.load_dataset('json', …)`. */
export function trlRowsToJsonl(rows: readonly TrlRow[]): string {
  return rows.map((row) => `${JSON.stringify(row)}\n`).join('');
}
