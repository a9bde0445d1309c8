import { InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toGbnfJsonSchema } from './to-gbnf-json-schema.js';

describe('toGbnfJsonSchema', () => {
  it("keeps what a grammar can follow of zod's schema and drops the rest", () => {
    const schema = z.toJSONSchema(
      z.object({
        label: z.enum(['a', 'b']).describe('The label.'),
        score: z.number().int().min(0).max(10),
        tags: z.array(z.string().max(12)).max(3),
        note: z.string().nullable(),
      }),
    );
    expect(toGbnfJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        label: { description: 'The label.', enum: ['a', 'b'] },
        score: { type: 'integer' },
        tags: { type: 'array', items: { type: 'string', maxLength: 12 }, maxItems: 3 },
        note: { type: ['string', 'null'] },
      },
      required: ['label', 'score', 'tags', 'note'],
      additionalProperties: false,
    });
  });

  it('reads anyOf as oneOf and splits a type list that names a container', () => {
    expect(toGbnfJsonSchema({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual({
      oneOf: [{ type: 'string' }, { type: 'null' }],
    });
    expect(toGbnfJsonSchema({ type: ['array', 'null'], items: { type: 'boolean' } })).toEqual({
      oneOf: [{ type: 'array', items: { type: 'boolean' } }, { type: 'null' }],
    });
  });

  it('names the path of a part no grammar can follow', () => {
    let error: unknown;
    try {
      toGbnfJsonSchema({ type: 'object', properties: { x: { allOf: [{ type: 'string' }] } } });
    } catch (thrown) {
      error = thrown;
    }
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('responseFormat.schema.properties.x: "allOf"');
  });
});
