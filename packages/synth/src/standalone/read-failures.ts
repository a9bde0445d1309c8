import { basename } from 'node:path';
import type { Observation } from '@forge/memory';
import { traceEntrySchema } from '@forge/memory';
import {
  coerceValue,
  DatasetError,
  parseFieldType,
  readJsonl,
  type Signature,
} from '@forge/program';
import { z } from 'zod';

const record = z.record(z.string(), z.unknown());

/**
 * One line of a failures JSONL file: a failed run of your program on one instance.
 *
 * ```json
 * {"id": "f-17", "instance": {"id": "q-17", "input": {"question": "…"}, "gold": {"answer": 42}},
 *  "score": 0, "feedback": "Expected 42, got 32: dropped the carry.", "trace": [ … ]}
 * ```
 *
 * Only `instance` (with `input` and `gold`) is required. `id` defaults to `failure-<line>`,
 * `instance.id` to `<file name>:<line>`, `score` to 0 (it must be below 1), `trace` to none,
 * `step` and `parentIndex` to 0. `trace` entries are `{module, messages, output?, notes?}` with
 * messages in the `@forge/provider` form (`{role: 'user' | 'assistant' | 'tool', …}`).
 */
export const failureLineSchema = z.strictObject({
  id: z.string().min(1).optional(),
  instance: z.strictObject({
    id: z.string().min(1).optional(),
    input: record,
    gold: record,
    metadata: record.optional(),
  }),
  score: z.number().min(0).lt(1, 'a failure has a score below 1').optional(),
  feedback: z.string().optional(),
  moduleFeedback: z.record(z.string(), z.string()).optional(),
  trace: z.array(traceEntrySchema).optional(),
  output: record.optional(),
  step: z.number().int().min(0).optional(),
  parentIndex: z.number().int().min(0).optional(),
});

/** A failure line as written in the file. */
export type FailureLine = z.infer<typeof failureLineSchema>;

/**
 * Reads a failures JSONL file into observations, in file order. With a signature, every
 * instance must have exactly its input and gold fields, of their declared types.
 *
 * @throws DatasetError naming the file, the line and the field of the first problem.
 */
export async function readFailures(
  file: string,
  options: { readonly signature?: Signature } = {},
): Promise<Observation[]> {
  const lines = await readJsonl(file, failureLineSchema);
  const seen = new Map<string, number>();
  return lines.map(({ line, value }) => {
    const observation = toObservation(value, line, basename(file));
    const previous = seen.get(observation.id);
    if (previous !== undefined) {
      throw new DatasetError({
        file,
        line,
        field: 'id',
        message: `id ${JSON.stringify(observation.id)} is already used on line ${previous}`,
      });
    }
    seen.set(observation.id, line);
    if (options.signature !== undefined) {
      checkFields(
        observation.instance.input,
        options.signature.inputFields,
        'instance.input',
        file,
        line,
      );
      checkFields(
        observation.instance.gold,
        options.signature.outputFields,
        'instance.gold',
        file,
        line,
      );
    }
    return observation;
  });
}

/** Turns a validated failure line into an observation, filling defaults. */
export function toObservation(value: FailureLine, line: number, fileName: string): Observation {
  return {
    id: value.id ?? `failure-${line}`,
    step: value.step ?? 0,
    parentIndex: value.parentIndex ?? 0,
    instance: {
      id: value.instance.id ?? `${fileName}:${line}`,
      input: value.instance.input,
      gold: value.instance.gold,
      ...(value.instance.metadata === undefined ? {} : { metadata: value.instance.metadata }),
    },
    score: value.score ?? 0,
    trace: value.trace ?? [],
    ...(value.feedback === undefined ? {} : { feedback: value.feedback }),
    ...(value.moduleFeedback === undefined ? {} : { moduleFeedback: value.moduleFeedback }),
    ...(value.output === undefined ? {} : { output: value.output }),
  };
}

/**
 * Checks that `values` holds exactly the declared fields with their types.
 *
 * @throws DatasetError naming the field as `<prefix>.<name>`.
 */
export function checkFields(
  values: Readonly<Record<string, unknown>>,
  fields: Signature['inputFields'],
  prefix: string,
  file: string,
  line: number,
): void {
  const names = new Set(fields.map((field) => field.name));
  for (const key of Object.keys(values)) {
    if (!names.has(key)) {
      throw new DatasetError({
        file,
        line,
        field: `${prefix}.${key}`,
        message: 'not declared by the signature',
      });
    }
  }
  for (const field of fields) {
    if (!Object.hasOwn(values, field.name)) {
      throw new DatasetError({ file, line, field: `${prefix}.${field.name}`, message: 'missing' });
    }
    const type = parseFieldType(field.type);
    if (!type.ok) continue;
    const coerced = coerceValue(values[field.name], type.type, field.name);
    if (!coerced.ok) {
      throw new DatasetError({
        file,
        line,
        field: `${prefix}.${coerced.field}`,
        message: coerced.reason,
      });
    }
  }
}
