import { InvalidArgumentError } from '@forge/provider';
import { parseFieldType } from './field-type.js';
import { schemaInstanceCheck } from './schema-instance-check.js';
import type { Signature } from './signature.js';
import {
  isZodSignatureDeclaration,
  signatureFromZod,
  type ZodSignatureDeclaration,
} from './signature-from-zod.js';

/**
 * Checks a signature and returns it: field names unique across inputs and outputs, names usable
 * as JSON keys, types parseable. The signature is given either as field lists or as zod object
 * schemas (`{ name, input: z.object(…), output: z.object(…) }`; see `signatureFromZod` for how
 * zod types map to field types). A zod declaration's signature also gets `checkInstance`, which
 * parses an instance's values with the schemas (an enum's labels, a string's minimum length).
 *
 * @throws InvalidArgumentError naming the offending field.
 */
export function defineSignature(declaration: Signature | ZodSignatureDeclaration): Signature {
  // A zod declaration also checks values beyond the field types (an enum's labels): synthesis
  // rejects a generated example its schemas do not parse.
  const signature: Signature = isZodSignatureDeclaration(declaration)
    ? {
        ...signatureFromZod(declaration),
        checkInstance: schemaInstanceCheck(declaration.input, declaration.output),
      }
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
