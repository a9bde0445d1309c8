import type { FieldType } from './field-type.js';
import { parseFieldType } from './field-type.js';
import type { Signature } from './signature.js';

/** Result of coercing a JSON value to a signature. */
export type CoercionResult =
  | {
      readonly ok: true;
      /** Coerced input field values. */
      readonly input: Record<string, unknown>;
      /** Coerced output (gold) field values. */
      readonly gold: Record<string, unknown>;
    }
  | {
      readonly ok: false;
      /** Path of the offending field (`answer`, `options[2]`), or empty for the whole object. */
      readonly field: string;
      /** What was wrong. */
      readonly reason: string;
    };

/**
 * Coerces a parsed JSON object to a signature, strictly:
 * - the field set must be exactly the declared input and output fields (no missing, no extra);
 * - `str` takes strings only; `int` takes numbers with an integer value (`45`, `45.0`);
 *   `float` takes any finite number; `bool` takes `true`/`false` only;
 * - `list[T]` takes arrays whose every element coerces to T;
 * - `dict[K,V]` takes objects; with K = int every key must be a decimal integer.
 * Nothing is guessed: a string `"45"` is not an int, `null` is not a value.
 */
export function coerceToSignature(value: unknown, signature: Signature): CoercionResult {
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
      const coerced = coerceValue(value[field.name], parsed.type, field.name);
      if (!coerced.ok) return coerced;
      target[field.name] = coerced.value;
    }
  }
  return { ok: true, input, gold };
}

type ValueResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly field: string; readonly reason: string };

/** Coerces one value to a declared type (exported for benchmarks that check single fields). */
export function coerceValue(value: unknown, type: FieldType, path: string): ValueResult {
  const wrong = (): ValueResult => ({
    ok: false,
    field: path,
    reason: `expected ${typeName(type)}, got ${describe(value)}`,
  });
  switch (type.kind) {
    case 'str':
      return typeof value === 'string' ? { ok: true, value } : wrong();
    case 'int':
      return typeof value === 'number' && Number.isInteger(value) ? { ok: true, value } : wrong();
    case 'float':
      return typeof value === 'number' && Number.isFinite(value) ? { ok: true, value } : wrong();
    case 'bool':
      return typeof value === 'boolean' ? { ok: true, value } : wrong();
    case 'list': {
      if (!Array.isArray(value)) return wrong();
      const items: unknown[] = [];
      for (const [index, item] of value.entries()) {
        const coerced = coerceValue(item, type.element, `${path}[${index}]`);
        if (!coerced.ok) return coerced;
        items.push(coerced.value);
      }
      return { ok: true, value: items };
    }
    case 'dict': {
      if (!isPlainObject(value)) return wrong();
      const entries: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        if (type.key.kind === 'int' && !/^-?\d+$/.test(key)) {
          return { ok: false, field: `${path}.${key}`, reason: 'dict key must be an integer' };
        }
        const coerced = coerceValue(item, type.value, `${path}.${key}`);
        if (!coerced.ok) return coerced;
        entries[key] = coerced.value;
      }
      return { ok: true, value: entries };
    }
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
