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
  /**
   * Checks an instance's values against the schemas the signature was declared with, beyond the
   * field types (a `z.enum`'s values, a `z.string().min(1)`, a `z.int().positive()`): returns the
   * problems, none when the instance fits. `defineSignature` sets it for a zod declaration, and so
   * does `defineProgram`; synthesis rejects a generated example with any problem
   * (`schema-mismatch`). Absent for signatures declared by field lists.
   */
  readonly checkInstance?: InstanceCheck;
}

/** One way an instance does not fit its signature's schemas. */
export interface InstanceProblem {
  /** Where, as a dotted path from the instance: `gold.label`, `input.items.2`. */
  readonly path: string;
  /** What is wrong, in the schema library's words: `Invalid option: expected one of "a"|"b"`. */
  readonly message: string;
}

/** Checks an instance's input and gold values; returns the problems (empty: the instance fits). */
export type InstanceCheck = (instance: {
  readonly input: Readonly<Record<string, unknown>>;
  readonly gold: Readonly<Record<string, unknown>>;
}) => readonly InstanceProblem[];

/** The JSON form shown to the generator and verifier (Figure 7's `task_signature`). */
export interface SignatureJson {
  readonly name: string;
  readonly input_fields: readonly SignatureField[];
  readonly output_fields: readonly SignatureField[];
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
