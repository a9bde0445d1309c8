import type { z } from 'zod';

/**
 * A value of a zod schema that a stand-in model can answer with so a typed program goes on to its
 * next module: the first option of an enum, literal or union, one placeholder item per array,
 * every field of an object (optional ones too), `0`, `false`, `"placeholder"`. A schema it cannot
 * read gives `null` (the module may then re-ask or fail, as it would on a real model's bad answer).
 */
export function placeholderValue(schema: z.ZodType): unknown {
  const def = (schema as unknown as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (def === undefined) return null;
  switch (def['type']) {
    case 'object': {
      const shape = (def['shape'] ?? {}) as Record<string, z.ZodType>;
      return Object.fromEntries(
        Object.entries(shape).map(([name, field]) => [name, placeholderValue(field)]),
      );
    }
    case 'string':
      return 'placeholder';
    case 'number':
    case 'int':
      return 0;
    case 'bigint':
      return 0;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values((def['entries'] ?? {}) as Record<string, unknown>)[0] ?? null;
    case 'literal':
      return ((def['values'] ?? []) as unknown[])[0] ?? null;
    case 'array':
      return [placeholderValue(def['element'] as z.ZodType)];
    case 'record':
      return {};
    case 'union':
      return placeholderValue(((def['options'] ?? []) as z.ZodType[])[0] as z.ZodType);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return placeholderValue(def['innerType'] as z.ZodType);
    case 'pipe':
      return placeholderValue(def['in'] as z.ZodType);
    default:
      return null;
  }
}
