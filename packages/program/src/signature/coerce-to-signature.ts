import type { FieldType } from './field-type.js';
import { parseFieldType } from './field-type.js';
import type { Signature } from './signature.js';

/**
 * How values are matched to declared types:
 * - `lossless` (default, the paper's Coerce): a value of another JSON type is converted when the
 *   conversion loses nothing — `"45"` → 45 for an `int`, `"0.5"` → 0.5 for a `float`, `"true"` →
 *   true for a `bool`, 45 → `"45"` for a `str`, a JSON-encoded array or object string for a
 *   `list` or `dict`. `"4.5"` is not an int, `"1"` is not a bool, `"yes"` is nothing.
 * - `strict`: only values already of the declared JSON type (dataset files, where a string
 *   where a number belongs is a mistake to report, not to repair).
 */
export type CoercionMode = 'lossless' | 'strict';

/** Result of coercing a JSON value to a signature. */
export type CoercionResult =
  | {
      readonly ok: true;
      /** Coerced input field values. */
      readonly input: Record<string, unknown>;
      /** Coerced output (gold) field values. */
      readonly gold: Record<string, unknown>;
      /** Paths of the values that were converted to their declared type (empty when none). */
      readonly converted: readonly string[];
    }
  | {
      readonly ok: false;
      /** Path of the offending field (`answer`, `options[2]`), or empty for the whole object. */
      readonly field: string;
      /** What was wrong. */
      readonly reason: string;
    };

/**
 * Coerces a parsed JSON object to a signature (A.6, Algorithm 3 line 9):
 * - the field set must be exactly the declared input and output fields (no missing, no extra);
 * - each value must be of its declared type, or (in `lossless` mode) convert to it without loss;
 * - `list[T]` takes arrays whose every element coerces to T;
 * - `dict[K,V]` takes objects; with K = int every key must be a decimal integer;
 * - `{name:T,…}` takes objects with exactly the declared keys, each of its type.
 * `null` is never a value.
 */
export function coerceToSignature(
  value: unknown,
  signature: Signature,
  options: { readonly mode?: CoercionMode } = {},
): CoercionResult {
  if (!isPlainObject(value)) {
    return { ok: false, field: '', reason: `expected a JSON object, got ${describe(value)}` };
  }
  const declared = [...signature.inputFields, ...signature.outputFields];
  const names = new Set(declared.map((field) => field.name));
  for (const key of Object.keys(value)) {
    if (!names.has(key))
      return { ok: false, field: key, reason: 'field is not declared by the signature' };
  }
  const input: Record<string, unknown> = {};
  const gold: Record<string, unknown> = {};
  const converted: string[] = [];
  for (const [fields, target] of [
    [signature.inputFields, input],
    [signature.outputFields, gold],
  ] as const) {
    for (const field of fields) {
      if (!Object.hasOwn(value, field.name)) {
        return { ok: false, field: field.name, reason: 'declared field is missing' };
      }
      const parsed = parseFieldType(field.type);
      if (!parsed.ok) return { ok: false, field: field.name, reason: parsed.message };
      const coerced = coerceValue(value[field.name], parsed.type, field.name, {
        mode: options.mode ?? 'lossless',
        converted,
      });
      if (!coerced.ok) return coerced;
      target[field.name] = coerced.value;
    }
  }
  return { ok: true, input, gold, converted };
}

type ValueResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly field: string; readonly reason: string };

/**
 * Coerces one value to a declared type (exported for benchmarks and dataset readers that check
 * single fields). Default mode `strict`; converted paths are appended to `converted` if given.
 */
export function coerceValue(
  value: unknown,
  type: FieldType,
  path: string,
  options: { readonly mode?: CoercionMode; readonly converted?: string[] } = {},
): ValueResult {
  const lossless = options.mode === 'lossless';
  const wrong = (): ValueResult => ({
    ok: false,
    field: path,
    reason: `expected ${typeName(type)}, got ${describe(value)}`,
  });
  const convertedTo = (result: unknown): ValueResult => {
    options.converted?.push(path);
    return { ok: true, value: result };
  };
  switch (type.kind) {
    case 'str':
      if (typeof value === 'string') return { ok: true, value };
      return lossless && typeof value === 'number' && Number.isFinite(value)
        ? convertedTo(String(value))
        : wrong();
    case 'int':
      if (typeof value === 'number' && Number.isInteger(value)) return { ok: true, value };
      if (lossless && typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) {
        const number = Number(value);
        // Past 2^53 the string names an integer a JSON number cannot hold exactly.
        return Number.isSafeInteger(number) ? convertedTo(number) : wrong();
      }
      return wrong();
    case 'float':
      if (typeof value === 'number' && Number.isFinite(value)) return { ok: true, value };
      if (lossless && typeof value === 'string' && jsonNumber.test(value)) {
        const number = Number(value);
        return Number.isFinite(number) ? convertedTo(number) : wrong();
      }
      return wrong();
    case 'bool':
      if (typeof value === 'boolean') return { ok: true, value };
      return lossless && typeof value === 'string' && /^\s*(true|false)\s*$/i.test(value)
        ? convertedTo(value.trim().toLowerCase() === 'true')
        : wrong();
    case 'list': {
      const array = lossless ? decodedJson(value, Array.isArray) : value;
      if (!Array.isArray(array)) return wrong();
      if (array !== value) options.converted?.push(path);
      const items: unknown[] = [];
      for (const [index, item] of array.entries()) {
        const coerced = coerceValue(item, type.element, `${path}[${index}]`, options);
        if (!coerced.ok) return coerced;
        items.push(coerced.value);
      }
      return { ok: true, value: items };
    }
    case 'dict': {
      const object = lossless ? decodedJson(value, isPlainObject) : value;
      if (!isPlainObject(object)) return wrong();
      if (object !== value) options.converted?.push(path);
      const entries: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(object)) {
        if (type.key.kind === 'int' && !/^-?\d+$/.test(key)) {
          return { ok: false, field: `${path}.${key}`, reason: 'dict key must be an integer' };
        }
        const coerced = coerceValue(item, type.value, `${path}.${key}`, options);
        if (!coerced.ok) return coerced;
        entries[key] = coerced.value;
      }
      return { ok: true, value: entries };
    }
    case 'object': {
      const object = lossless ? decodedJson(value, isPlainObject) : value;
      if (!isPlainObject(object)) return wrong();
      if (object !== value) options.converted?.push(path);
      const declared = new Set(type.fields.map((field) => field.name));
      for (const key of Object.keys(object)) {
        if (!declared.has(key)) {
          return {
            ok: false,
            field: `${path}.${key}`,
            reason: 'field is not declared by the type',
          };
        }
      }
      const fields: Record<string, unknown> = {};
      for (const field of type.fields) {
        if (!Object.hasOwn(object, field.name)) {
          return { ok: false, field: `${path}.${field.name}`, reason: 'declared field is missing' };
        }
        const coerced = coerceValue(
          object[field.name],
          field.type,
          `${path}.${field.name}`,
          options,
        );
        if (!coerced.ok) return coerced;
        fields[field.name] = coerced.value;
      }
      return { ok: true, value: fields };
    }
  }
}

// JSON's number grammar, with surrounding whitespace: what converts to a float without guessing.
const jsonNumber = /^\s*-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?\s*$/;

/** A string holding JSON of the wanted shape, decoded; anything else unchanged. */
function decodedJson(value: unknown, shape: (decoded: unknown) => boolean): unknown {
  if (typeof value !== 'string') return value;
  try {
    const decoded: unknown = JSON.parse(value);
    return shape(decoded) ? decoded : value;
  } catch {
    return value;
  }
}

function typeName(type: FieldType): string {
  switch (type.kind) {
    case 'str':
      return 'a string';
    case 'int':
      return 'an integer';
    case 'float':
      return 'a number';
    case 'bool':
      return 'true or false';
    case 'list':
      return 'an array';
    case 'dict':
      return 'an object';
    case 'object':
      return `an object with ${type.fields.map((field) => field.name).join(', ')}`;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  return typeof value === 'object' ? 'an object' : String(typeof value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
