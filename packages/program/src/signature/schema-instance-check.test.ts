import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineModule } from '../module/define-module.js';
import { defineProgram } from '../module/define-program.js';
import { defineSignature } from './define-signature.js';

const signature = defineSignature({
  name: 'Triage',
  input: z.object({ ticket: z.string().min(1), tags: z.array(z.string()) }),
  output: z.object({ label: z.enum(['billing', 'bug', 'other']), urgency: z.int().min(1).max(3) }),
});

describe('checkInstance of a zod signature', () => {
  it('passes an instance its schemas parse', () => {
    const check = signature.checkInstance;
    expect(
      check?.({ input: { ticket: 'Refund?', tags: [] }, gold: { label: 'billing', urgency: 2 } }),
    ).toEqual([]);
  });

  it('names every field whose value the schemas reject, under input or gold', () => {
    const problems = signature.checkInstance?.({
      input: { ticket: '', tags: ['ok', 7] },
      gold: { label: 'refund', urgency: 5 },
    });
    expect(problems?.map((problem) => problem.path)).toEqual([
      'input.ticket',
      'input.tags.1',
      'gold.label',
      'gold.urgency',
    ]);
    expect(problems?.find((problem) => problem.path === 'gold.label')?.message).toContain(
      '"billing"',
    );
  });

  it('is absent for a signature declared by field lists', () => {
    const plain = defineSignature({
      name: 'QA',
      inputFields: [{ name: 'question', type: 'str', description: '' }],
      outputFields: [{ name: 'answer', type: 'str', description: '' }],
    });
    expect(plain.checkInstance).toBeUndefined();
  });

  it('comes with a program made by defineProgram, from its input and gold schemas', () => {
    const classify = defineModule({
      name: 'classify',
      seedPrompt: 'Label the ticket.',
      input: z.object({ ticket: z.string() }),
      output: z.object({ label: z.enum(['billing', 'bug']) }),
    });
    const program = defineProgram({
      name: 'triage',
      modules: [classify],
      input: z.object({ ticket: z.string() }),
      output: z.object({ label: z.enum(['billing', 'bug']) }),
      run: (input, { call }) => call(classify, input),
    });
    const check = program.signature.checkInstance;
    expect(check?.({ input: { ticket: 'x' }, gold: { label: 'bug' } })).toEqual([]);
    expect(check?.({ input: { ticket: 'x' }, gold: { label: 'feature' } })).toEqual([
      { path: 'gold.label', message: expect.stringContaining('expected one of') },
    ]);
  });
});
