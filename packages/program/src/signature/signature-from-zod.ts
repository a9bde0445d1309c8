import { InvalidArgumentError } from '@forge/provider';
import { z } from 'zod';
import type { Signature, SignatureField } from './signature.js';

/**
 * A zod schema as far as this file reads it: zod 4's internal definition (`_zod.def`), which
 * every zod 4 schema has, whichever copy of zod built it.
 */
interface ZodLike {
  readonly _zod: {
    readonly def: { readonly type: string } & Readonly<Record<string, unknown>>;
  };
  readonly description?: string;
}

/** A signature declared with zod object schemas instead of field lists. */
export interface ZodSignatureDeclaration {
  /** Name of the signature, e.g. `HotpotQASignature`. */
  readonly name: string;
  /** The input fields as a zod object schema: `z.object({ question: z.string().describe('…') })`. */
  readonly input: z.ZodObject;
  /** The output (gold) fields as a zod object schema. */
  readonly output: z.ZodObject;
}

const integerFormats = new Set(['safeint', 'int32', 'uint32']);

/**
 * Turns a zod declaration into a `Signature`'s field lists, keeping the shape's key order. Each
 * field's type follows its zod type — `z.string()` (any string format) and `z.enum([...])` of
 * strings → `str`; `z.int()` / `z.number().int()` → `int`; `z.number()` → `float`;
 * `z.boolean()` → `bool`; `z.array(T)` → `list[T]`; `z.record(K, V)` with string or integer keys
 * → `dict[K,V]`; `z.object({ … })` nested inside a field → `{name:T,…}` — and its description is
 * the schema's `.describe(…)` / `.meta({ description })` text (empty when there is none), followed
 * for a `z.enum` field by its values (`The queue. (one of "billing", "bug")`) and for a field with
 * nested objects by what their fields hold (`Aspects. (fields — aspect: The aspect named;
 * sentiment: one of "positive", "negative")`).
 *
 * @throws InvalidArgumentError naming the signature and the field (and where inside the field)
 * for any other zod type: optional, nullable and defaulted fields, unions, literals, ….
 */
export function signatureFromZod(declaration: ZodSignatureDeclaration): Signature {
  const { name } = declaration;
  return {
    name,
    inputFields: fieldsOf(declaration.input, name, 'input'),
    outputFields: fieldsOf(declaration.output, name, 'output'),
  };
}

/** True when `declaration` is the zod form of a signature rather than field lists. */
export function isZodSignatureDeclaration(
  declaration: Signature | ZodSignatureDeclaration,
): declaration is ZodSignatureDeclaration {
  return 'input' in declaration || 'output' in declaration;
}

function fieldsOf(schema: unknown, signature: string, side: 'input' | 'output'): SignatureField[] {
  if (!isZodSchema(schema) || schema._zod.def.type !== 'object') {
    const where = `signature ${signature}, ${side}`;
    throw new InvalidArgumentError({
      argument: where,
      message: `${where}: expected a zod object schema, e.g. z.object({ question: z.string() })`,
    });
  }
  const shape = schema._zod.def['shape'] as Readonly<Record<string, unknown>>;
  return Object.entries(shape).map(([field, fieldSchema]) => {
    const where = `signature ${signature}, ${side} field ${JSON.stringify(field)}`;
    return {
      name: field,
      type: typeOf(fieldSchema, (problem) => {
        throw new InvalidArgumentError({ argument: where, message: `${where}: ${problem}` });
      }),
      description: withNestedFields(
        withAllowedValues(descriptionOf(fieldSchema), fieldSchema),
        fieldSchema,
      ),
    };
  });
}

function typeOf(
  schema: unknown,
  fail: (problem: string) => never,
  path: readonly string[] = [],
): string {
  const at = path.length === 0 ? '' : ` (at ${path.join(' > ')})`;
  if (!isZodSchema(schema)) return fail(`expected a zod schema${at}`);
  const { def } = schema._zod;
  switch (def.type) {
    case 'string':
      return 'str';
    case 'enum': {
      const values = Object.values(def['entries'] as Record<string, unknown>);
      if (values.every((value) => typeof value === 'string')) return 'str';
      return fail(`zod enums of non-string values are not supported${at}; use z.enum of strings`);
    }
    case 'number':
      return isInteger(def) ? 'int' : 'float';
    case 'boolean':
      return 'bool';
    case 'array':
      return `list[${typeOf(def['element'], fail, [...path, 'list element'])}]`;
    case 'record': {
      const keyPath = [...path, 'dict key'];
      const key = typeOf(def['keyType'], fail, keyPath);
      if (key !== 'str' && key !== 'int') {
        return fail(
          `dict keys must be strings or integers (at ${keyPath.join(' > ')}), got ${key}`,
        );
      }
      return `dict[${key},${typeOf(def['valueType'], fail, [...path, 'dict value'])}]`;
    }
    case 'object': {
      const shape = Object.entries(def['shape'] as Readonly<Record<string, unknown>>);
      if (shape.length === 0) return fail(`an object needs at least one field${at}`);
      const fields = shape.map(([key, value]) => {
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) {
          return fail(`object key ${JSON.stringify(key)} must be an identifier${at}`);
        }
        return `${key}:${typeOf(value, fail, [...path, key])}`;
      });
      return `{${fields.join(',')}}`;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return fail(
        `zod ${def.type} is not supported${at}: every signature field is required; declare the field without .${def.type}()`,
      );
    default:
      return fail(
        `zod type "${def.type}" is not supported${at}; use string, enum, int, number, boolean, array, record or object`,
      );
  }
}

// `z.int()` carries its integer format in its definition, `z.number().int()` as a check.
function isInteger(def: ZodLike['_zod']['def']): boolean {
  const formats = [
    def['format'],
    ...((def['checks'] as readonly ZodLike[] | undefined) ?? []).map(
      (check) => check._zod.def['format'],
    ),
  ];
  return formats.some((format) => typeof format === 'string' && integerFormats.has(format));
}

function descriptionOf(schema: unknown): string {
  const registered = z.globalRegistry.get(schema as z.ZodType)?.description;
  const own = (schema as ZodLike).description;
  return registered ?? own ?? '';
}

// A field type says `str`; the models that write the field (the task model, the generator) must
// also learn which strings a z.enum allows, or synthesis rejects what they write.
function withAllowedValues(description: string, schema: unknown): string {
  if (!isZodSchema(schema) || schema._zod.def.type !== 'enum') return description;
  const values = Object.values(schema._zod.def['entries'] as Record<string, unknown>);
  const allowed = `one of ${values.map((value) => JSON.stringify(value)).join(', ')}`;
  return description === '' ? allowed : `${description} (${allowed})`;
}

// A field type says `{aspect:str,sentiment:str}`; the models that write it must also learn what
// each nested field holds (and which strings a nested z.enum allows).
function withNestedFields(description: string, schema: unknown): string {
  const nested = nestedDescriptions(schema, []);
  if (nested.length === 0) return description;
  const listed = `fields — ${nested.join('; ')}`;
  return description === '' ? listed : `${description} (${listed})`;
}

/** `path: description` of every nested object field with a description or enum values. */
function nestedDescriptions(schema: unknown, path: readonly string[]): string[] {
  if (!isZodSchema(schema)) return [];
  const { def } = schema._zod;
  switch (def.type) {
    case 'array':
      return nestedDescriptions(def['element'], path);
    case 'record':
      return nestedDescriptions(def['valueType'], path);
    case 'object':
      return Object.entries(def['shape'] as Readonly<Record<string, unknown>>).flatMap(
        ([key, value]) => {
          const own = withAllowedValues(descriptionOf(value), value);
          return [
            ...(own === '' ? [] : [`${[...path, key].join('.')}: ${own}`]),
            ...nestedDescriptions(value, [...path, key]),
          ];
        },
      );
    default:
      return [];
  }
}

function isZodSchema(value: unknown): value is ZodLike {
  const internals = (value as { _zod?: { def?: { type?: unknown } } } | null)?._zod;
  return typeof internals?.def?.type === 'string';
}
