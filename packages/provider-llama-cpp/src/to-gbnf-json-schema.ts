import { InvalidArgumentError } from '@forge/provider';

type Schema = { readonly [key: string]: unknown };

const basicTypes = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);
const stringFormats = new Set(['date-time', 'time', 'date']);

/**
 * Converts a JSON Schema (as zod's `toJSONSchema` or a hand-written schema gives it) to the
 * subset node-llama-cpp turns into a llama.cpp grammar: `type`, `enum`, `const`, `oneOf`
 * (`anyOf` is read as `oneOf`), object `properties`, `required` and `additionalProperties`,
 * array `items`, `prefixItems`, `minItems` and `maxItems`, string `minLength`, `maxLength` and
 * the date formats, `$defs` and `#/$defs/…` references, `description`. Keywords the grammar
 * cannot express (`minimum`, `pattern`, `title`, `$schema`, …) are left out: the answer then
 * follows the schema's shape, and the caller still checks the rest.
 *
 * @throws InvalidArgumentError naming the path of a part no grammar can follow (`allOf`, `not`,
 * a reference outside `$defs`).
 */
export function toGbnfJsonSchema(schema: Schema, path = 'responseFormat.schema'): Schema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    // `true` (anything) has no grammar of its own: any JSON value.
    return anyJson();
  }
  for (const unsupported of ['allOf', 'not', 'if']) {
    if (unsupported in schema) {
      throw new InvalidArgumentError({
        argument: 'responseFormat',
        message: `${path}: "${unsupported}" cannot be turned into a grammar for local models; write the schema with type, enum, oneOf, properties and items`,
      });
    }
  }
  const out: Record<string, unknown> = {};
  if (typeof schema['description'] === 'string') out['description'] = schema['description'];
  if (isRecord(schema['$defs'])) {
    out['$defs'] = Object.fromEntries(
      Object.entries(schema['$defs']).map(([name, definition]) => [
        name,
        toGbnfJsonSchema(definition as Schema, `${path}.$defs.${name}`),
      ]),
    );
  }
  if (typeof schema['$ref'] === 'string') {
    if (!schema['$ref'].startsWith('#/$defs/')) {
      throw new InvalidArgumentError({
        argument: 'responseFormat',
        message: `${path}: the reference ${JSON.stringify(schema['$ref'])} is not a #/$defs/… reference`,
      });
    }
    return { ...out, $ref: schema['$ref'] };
  }
  if ('const' in schema) return { ...out, const: schema['const'] };
  if (Array.isArray(schema['enum'])) return { ...out, enum: schema['enum'] };
  const alternatives = schema['oneOf'] ?? schema['anyOf'];
  if (Array.isArray(alternatives)) {
    return {
      ...out,
      oneOf: alternatives.map((alternative, index) =>
        toGbnfJsonSchema(alternative as Schema, `${path}.oneOf.${index}`),
      ),
    };
  }
  const type = schema['type'];
  if (Array.isArray(type)) {
    const types = type.filter((item): item is string => typeof item === 'string');
    if (types.some((item) => item === 'object' || item === 'array')) {
      return {
        ...out,
        oneOf: types.map((item) => toGbnfJsonSchema({ ...schema, type: item }, path)),
      };
    }
    return { ...out, type: types };
  }
  if (typeof type !== 'string' || !basicTypes.has(type)) return { ...out, ...anyJson() };
  out['type'] = type;
  if (type === 'string') {
    if (typeof schema['format'] === 'string' && stringFormats.has(schema['format'])) {
      out['format'] = schema['format'];
    } else {
      copyNumbers(schema, out, ['minLength', 'maxLength']);
    }
  }
  if (type === 'object') {
    if (isRecord(schema['properties'])) {
      out['properties'] = Object.fromEntries(
        Object.entries(schema['properties']).map(([name, property]) => [
          name,
          toGbnfJsonSchema(property as Schema, `${path}.properties.${name}`),
        ]),
      );
    }
    if (Array.isArray(schema['required'])) out['required'] = schema['required'];
    const additional = schema['additionalProperties'];
    if (typeof additional === 'boolean') out['additionalProperties'] = additional;
    else if (isRecord(additional)) {
      out['additionalProperties'] = toGbnfJsonSchema(additional, `${path}.additionalProperties`);
    } else if (out['properties'] === undefined) out['additionalProperties'] = true;
    copyNumbers(schema, out, ['minProperties', 'maxProperties']);
  }
  if (type === 'array') {
    if (isRecord(schema['items'])) {
      out['items'] = toGbnfJsonSchema(schema['items'], `${path}.items`);
    }
    if (Array.isArray(schema['prefixItems'])) {
      out['prefixItems'] = schema['prefixItems'].map((item, index) =>
        toGbnfJsonSchema(item as Schema, `${path}.prefixItems.${index}`),
      );
    }
    copyNumbers(schema, out, ['minItems', 'maxItems']);
  }
  return out;
}

function anyJson(): Schema {
  return {
    oneOf: [
      { type: ['string', 'number', 'boolean', 'null'] },
      { type: 'object', additionalProperties: true },
      { type: 'array' },
    ],
  };
}

function copyNumbers(from: Schema, to: Record<string, unknown>, keys: readonly string[]): void {
  for (const key of keys) {
    const value = from[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) to[key] = value;
  }
}

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
