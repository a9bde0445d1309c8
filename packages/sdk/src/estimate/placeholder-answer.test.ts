import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { placeholderValue } from './placeholder-answer.js';

describe('placeholderValue', () => {
  it('fills every field of an object with a value its schema accepts', () => {
    const schema = z.object({
      name: z.string(),
      count: z.number().int(),
      ok: z.boolean(),
      level: z.enum(['low', 'high']),
      kind: z.literal('review'),
      tags: z.array(z.object({ tag: z.string(), weight: z.number() })),
      note: z.string().optional(),
      either: z.union([z.number(), z.string()]),
      scores: z.record(z.string(), z.number()),
      withDefault: z.string().default('x'),
    });
    const value = placeholderValue(schema);
    expect(value).toEqual({
      name: 'placeholder',
      count: 0,
      ok: false,
      level: 'low',
      kind: 'review',
      tags: [{ tag: 'placeholder', weight: 0 }],
      note: 'placeholder',
      either: 0,
      scores: {},
      withDefault: 'placeholder',
    });
    expect(schema.safeParse(value).success).toBe(true);
  });
});
