import { InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { coerceToSignature } from './coerce-to-signature.js';
import { defineSignature } from './define-signature.js';
import { signatureFromZod } from './signature-from-zod.js';

function failure(run: () => unknown): InvalidArgumentError {
  try {
    run();
  } catch (error) {
    if (InvalidArgumentError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an InvalidArgumentError');
}

describe('signatureFromZod', () => {
  it('maps every supported zod type to the paper notation, in declaration order', () => {
    const signature = signatureFromZod({
      name: 'Everything',
      input: z.object({
        text: z.string(),
        mail: z.email(),
        choice: z.enum(['yes', 'no']),
        count: z.int(),
        chained: z.number().min(0).int(),
        small: z.int32(),
        ratio: z.number(),
        flag: z.boolean(),
        tags: z.array(z.string()),
        grid: z.array(z.array(z.number())),
      }),
      output: z.object({
        scores: z.record(z.string(), z.int()),
        byYear: z.record(z.int(), z.array(z.boolean())),
      }),
    });
    expect(signature.inputFields.map((field) => [field.name, field.type])).toEqual([
      ['text', 'str'],
      ['mail', 'str'],
      ['choice', 'str'],
      ['count', 'int'],
      ['chained', 'int'],
      ['small', 'int'],
      ['ratio', 'float'],
      ['flag', 'bool'],
      ['tags', 'list[str]'],
      ['grid', 'list[list[float]]'],
    ]);
    // An enum's type is str; its description tells the models which strings it allows.
    expect(signature.inputFields[2]?.description).toBe('one of "yes", "no"');
    expect(signature.outputFields.map((field) => [field.name, field.type])).toEqual([
      ['scores', 'dict[str,int]'],
      ['byYear', 'dict[int,list[bool]]'],
    ]);
  });

  it('takes descriptions from .describe() or .meta(), else leaves them empty', () => {
    const signature = defineSignature({
      name: 'QA',
      input: z.object({
        question: z.string().describe('A question about the passage.'),
        passage: z.string().meta({ description: 'The passage.' }),
      }),
      output: z.object({ answer: z.string() }),
    });
    expect(signature).toEqual({
      name: 'QA',
      inputFields: [
        { name: 'question', type: 'str', description: 'A question about the passage.' },
        { name: 'passage', type: 'str', description: 'The passage.' },
      ],
      outputFields: [{ name: 'answer', type: 'str', description: '' }],
      checkInstance: expect.any(Function),
    });
  });

  it('gives a signature the rest of Forge uses like one declared by field lists', () => {
    const signature = defineSignature({
      name: 'Count',
      input: z.object({ text: z.string() }),
      output: z.object({ words: z.int().describe('Number of words.') }),
    });
    expect(coerceToSignature({ text: 'a b c', words: 3 }, signature)).toMatchObject({
      ok: true,
      input: { text: 'a b c' },
      gold: { words: 3 },
    });
    expect(coerceToSignature({ text: 'a b c', words: 2.5 }, signature)).toMatchObject({
      ok: false,
      field: 'words',
    });
  });

  it('names the field and the place inside it for unsupported zod types', () => {
    const cases: [z.ZodType, string][] = [
      [z.string().optional(), 'zod optional is not supported: every signature field is required'],
      [z.string().nullable(), 'zod nullable is not supported'],
      [z.string().default('x'), 'zod default is not supported'],
      [z.object({}), 'an object needs at least one field'],
      [z.object({ 'two words': z.string() }), 'object key "two words" must be an identifier'],
      [
        z.array(z.object({ a: z.string().optional() })),
        'zod optional is not supported (at list element > a)',
      ],
      [z.union([z.string(), z.int()]), 'zod type "union" is not supported'],
      [z.literal('x'), 'zod type "literal" is not supported'],
      [z.bigint(), 'zod type "bigint" is not supported'],
      [z.array(z.date()), 'zod type "date" is not supported (at list element)'],
      [
        z.record(z.string(), z.array(z.string().optional())),
        'zod optional is not supported (at dict value > list element)',
      ],
    ];
    for (const [answer, problem] of cases) {
      const error = failure(() =>
        defineSignature({
          name: 'Bad',
          input: z.object({ question: z.string() }),
          output: z.object({ answer }),
        }),
      );
      expect(error.argument).toBe('signature Bad, output field "answer"');
      expect(error.message).toContain(`signature Bad, output field "answer": ${problem}`);
    }
  });

  it('maps nested objects to object types and tells the models what their fields hold', () => {
    const signature = defineSignature({
      name: 'Review',
      input: z.object({ review: z.string() }),
      output: z.object({
        aspects: z
          .array(
            z.object({
              aspect: z.string().describe('The aspect named.'),
              sentiment: z.enum(['positive', 'negative']),
              quote: z.object({ text: z.string().describe('Its words.'), line: z.int() }),
            }),
          )
          .describe('Every aspect of the product the review judges.'),
        totals: z.record(z.string(), z.object({ count: z.int() })),
      }),
    });
    expect(signature.outputFields).toEqual([
      {
        name: 'aspects',
        type: 'list[{aspect:str,sentiment:str,quote:{text:str,line:int}}]',
        description:
          'Every aspect of the product the review judges. (fields — aspect: The aspect named.; sentiment: one of "positive", "negative"; quote.text: Its words.)',
      },
      { name: 'totals', type: 'dict[str,{count:int}]', description: '' },
    ]);
    // Values go through the same coercion, and the schemas check the nested enum.
    const aspects = [
      { aspect: 'battery', sentiment: 'negative', quote: { text: 'dies by noon', line: 2 } },
    ];
    expect(
      coerceToSignature({ review: 'r', aspects, totals: { a: { count: '3' } } }, signature),
    ).toMatchObject({ ok: true, gold: { aspects, totals: { a: { count: 3 } } } });
    const wrong = [{ ...aspects[0], sentiment: 'meh' }];
    expect(
      signature.checkInstance?.({ input: { review: 'r' }, gold: { aspects: wrong, totals: {} } }),
    ).toEqual([{ path: 'gold.aspects.0.sentiment', message: expect.any(String) }]);
  });

  it('accepts string enums as dict keys', () => {
    const signature = signatureFromZod({
      name: 'Votes',
      input: z.object({ ballot: z.string() }),
      output: z.object({ tally: z.record(z.enum(['yes', 'no']), z.int()) }),
    });
    expect(signature.outputFields[0]?.type).toBe('dict[str,int]');
  });

  it('rejects a dict whose keys are not strings or integers', () => {
    const error = failure(() =>
      signatureFromZod({
        name: 'Bad',
        input: z.object({ weights: z.record(z.number(), z.int()) }),
        output: z.object({ answer: z.string() }),
      }),
    );
    expect(error.message).toBe(
      'signature Bad, input field "weights": dict keys must be strings or integers (at dict key), got float',
    );
  });

  it('rejects a side that is not a zod object, and still checks names like field lists', () => {
    const notObject = failure(() =>
      defineSignature({
        name: 'Bad',
        input: z.array(z.string()) as unknown as z.ZodObject,
        output: z.object({ answer: z.string() }),
      }),
    );
    expect(notObject.message).toBe(
      'signature Bad, input: expected a zod object schema, e.g. z.object({ question: z.string() })',
    );
    const clash = failure(() =>
      defineSignature({
        name: 'Bad',
        input: z.object({ answer: z.string() }),
        output: z.object({ answer: z.string() }),
      }),
    );
    expect(clash.message).toContain('field "answer": declared twice');
    const empty = failure(() =>
      defineSignature({ name: 'Bad', input: z.object({ q: z.string() }), output: z.object({}) }),
    );
    expect(empty.message).toContain('declares no output field');
  });
});
