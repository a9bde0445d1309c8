import { InvalidArgumentError } from '@forge/provider';
import { parseFieldType } from './field-type.js';
import {
  isZodSignatureDeclaration,
  signatureFromZod,
  type ZodSignatureDeclaration,
} from './signature-from-zod.js';

/** One declared field of a signature. */
export interface SignatureField {
  /** Field name as it appears in instances and in the JSON the generator writes. */
  readonly name: string;
  /** Declared type in the paper's notation: `str`, `int`, `float`, `bool`, `list[T]`, `dict[K,V]`. */
  readonly type: string;
  /** What the field holds, for the models that read or write it. */
  readonly description: string;
}

/**
 * The shape of a task instance: declared input fields (what the program reads) and output
 * fields (the gold supervision the evaluator compares with).
 */
export interface Signature {
  /** Name of the signature, e.g. `HotpotQASignature`. */
  readonly name: string;
  /** Input fields, in declaration order. */
  readonly inputFields: readonly SignatureField[];
  /** Output (gold) fields, in declaration order. */
  readonly outputFields: readonly SignatureField[];
}

/** The JSON form shown to the generator and verifier (Figure 7's `task_signature`). */
export interface SignatureJson {
  readonly name: string;
  readonly input_fields: readonly SignatureField[];
  readonly output_fields: readonly SignatureField[];
}

/**
 * Checks a signature and returns it: field names unique across inputs and outputs, names usable
 * as JSON keys, types parseable. The signature is given either as field lists or as zod object
 * schemas (`{ name, input: z.object(…), output: z.object(…) }`; see `signatureFromZod` for how
 * zod types map to field types).
 *
 * @throws InvalidArgumentError naming the offending field.
 */
export function defineSignature(declaration: Signature | ZodSignatureDeclaration): Signature {
  const signature = isZodSignatureDeclaration(declaration)
    ? signatureFromZod(declaration)
    : declaration;
  const seen = new Set<string>();
  const fields = [...signature.inputFields, ...signature.outputFields];
  if (signature.outputFields.length === 0) {
    throw new InvalidArgumentError({
      argument: `signature ${signature.name}`,
      message: `signature ${signature.name}: declares no output field`,
    });
  }
  for (const field of fields) {
    const where = `signature ${signature.name}, field ${JSON.stringify(field.name)}`;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field.name)) {
      throw new InvalidArgumentError({
        argument: where,
        message: `${where}: name must be an identifier`,
      });
    }
    if (seen.has(field.name)) {
      throw new InvalidArgumentError({ argument: where, message: `${where}: declared twice` });
    }
    seen.add(field.name);
    const parsed = parseFieldType(field.type);
    if (!parsed.ok)
      throw new InvalidArgumentError({ argument: where, message: `${where}: ${parsed.message}` });
  }
  return signature;
}

/** The signature in the JSON form the model-facing prompts use. */
export function signatureToJson(signature: Signature): SignatureJson {
  return {
    name: signature.name,
    input_fields: signature.inputFields.map(copyField),
    output_fields: signature.outputFields.map(copyField),
  };
}

function copyField(field: SignatureField): SignatureField {
  return { name: field.name, type: field.type, description: field.description };
}
