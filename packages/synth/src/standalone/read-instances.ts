import { basename } from 'node:path';
import { type Instance, readJsonl, type Signature } from '@forge/program';
import { z } from 'zod';
import { checkFields } from './read-failures.js';

const record = z.record(z.string(), z.unknown());

/** One line of an instances JSONL file: `{"id"?, "input": {…}, "gold": {…}, "metadata"?}`. */
export const instanceLineSchema = z.strictObject({
  id: z.string().min(1).optional(),
  input: record,
  gold: record,
  metadata: record.optional(),
});

/**
 * Reads instances (training data, a holdout for the leakage guard) from a JSONL file. `id`
 * defaults to `<file name>:<line>`. With a signature, every line must have exactly its fields.
 *
 * @throws DatasetError naming the file, the line and the field of the first problem.
 */
export async function readInstances(
  file: string,
  options: { readonly signature?: Signature } = {},
): Promise<Instance[]> {
  const lines = await readJsonl(file, instanceLineSchema);
  return lines.map(({ line, value }) => {
    if (options.signature !== undefined) {
      checkFields(value.input, options.signature.inputFields, 'input', file, line);
      checkFields(value.gold, options.signature.outputFields, 'gold', file, line);
    }
    return {
      id: value.id ?? `${basename(file)}:${line}`,
      input: value.input,
      gold: value.gold,
      ...(value.metadata === undefined ? {} : { metadata: value.metadata }),
    };
  });
}
