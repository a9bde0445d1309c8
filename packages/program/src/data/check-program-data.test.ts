import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineModule } from '../module/define-module.js';
import { defineProgram } from '../module/define-program.js';
import type { Instance } from '../signature/instance.js';
import { checkProgramData } from './check-program-data.js';
import { DataCheckError, listedDataProblems } from './data-check-error.js';

const answer = defineModule({
  name: 'answer',
  seedPrompt: 'Route the ticket.',
  input: z.object({ ticket: z.string() }),
  output: z.object({ team: z.string(), priority: z.enum(['low', 'high']) }),
});
const program = defineProgram({
  name: 'triage',
  modules: [answer],
  input: z.object({ ticket: z.string().min(1) }),
  output: z.object({ team: z.string(), priority: z.enum(['low', 'high']) }),
  run: (input, { call }) => call(answer, input),
});

const good = (id: string): Instance => ({
  id,
  input: { ticket: 'Billing is down.' },
  gold: { team: 'billing', priority: 'high' },
});

function thrown(run: () => void): DataCheckError {
  try {
    run();
  } catch (error) {
    if (DataCheckError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a DataCheckError');
}

describe('checkProgramData', () => {
  it('passes data that fits the program’s input and gold schemas', () => {
    expect(() =>
      checkProgramData({ program, splits: { train: [good('a')], validation: [good('b')] } }),
    ).not.toThrow();
  });

  it('lists every problem of every split at once, with split, index, id, file, line and field', () => {
    const error = thrown(() =>
      checkProgramData({
        program,
        splits: {
          train: [
            good('t0'),
            { id: 't1', input: { ticket: 'Login fails.' }, gold: { priority: 'urgent' } },
          ],
          validation: [
            {
              id: 'v0',
              input: { ticket: '' },
              gold: { team: 'search', priority: 'low' },
              metadata: { file: 'tickets.jsonl', line: 4 },
            },
          ],
          test: [{ id: 'x0', input: { ticket: 'Hi.' } } as unknown as Instance],
        },
      }),
    );
    expect(error.name).toBe('DataCheckError');
    expect(
      error.problems.map(({ split, index, id, path }) => `${split}[${index}] ${id} ${path}`),
    ).toEqual([
      'train[1] t1 gold.team',
      'train[1] t1 gold.priority',
      'validation[0] v0 input.ticket',
      'test[0] x0 gold',
    ]);
    expect(error.problems[2]).toMatchObject({ file: 'tickets.jsonl', line: 4 });
    const lines = error.message.split('\n');
    expect(lines[0]).toBe(
      "the data does not fit the program's schemas: 4 problems in 3 instances (checked before any model call; fix or remove them)",
    );
    expect(lines[1]).toMatch(/^ {2}train\[1\] \(id "t1"\): gold\.team: .*expected string/);
    expect(lines[2]).toMatch(/^ {2}train\[1\] \(id "t1"\): gold\.priority: .*"low"\|"high"/);
    expect(lines[3]).toMatch(
      /^ {2}validation\[0\] \(id "v0", tickets\.jsonl line 4\): input\.ticket: .*>=1/,
    );
    expect(lines[4]).toBe('  test[0] (id "x0"): gold: expected an object of fields');
  });

  it('lists the first problems in the message and counts the rest; the error holds them all', () => {
    const bad = Array.from({ length: listedDataProblems + 5 }, (_, index) => ({
      id: `t${index}`,
      input: { ticket: 'x' },
      gold: { team: 'a', priority: 'medium' },
    }));
    const error = thrown(() =>
      checkProgramData({ program, splits: { data: bad }, subject: 'evaluate: data' }),
    );
    expect(error.problems).toHaveLength(listedDataProblems + 5);
    const lines = error.message.split('\n');
    expect(lines).toHaveLength(1 + listedDataProblems + 1);
    expect(lines[0]).toMatch(/^evaluate: data does not fit/);
    expect(lines.at(-1)).toBe('  … and 5 more problems');
  });

  it('names instances without an id and ids used twice across the splits', () => {
    const error = thrown(() =>
      checkProgramData({
        program,
        splits: {
          train: [good('a'), { ...good('b'), id: '' }],
          validation: [good('a')],
        },
      }),
    );
    expect(
      error.problems.map(
        ({ split, index, path, message }) => `${split}[${index}] ${path}: ${message}`,
      ),
    ).toEqual([
      'train[1] id: missing: each instance needs a unique string id',
      'validation[0] id: repeats the id of train[0]',
    ]);
  });

  it('uses the signature’s zod check for a program without one, and passes without any', () => {
    const untyped = { signature: undefined };
    const splits = { train: [{ id: 'a', input: {}, gold: { label: 3 } }] };
    expect(() => checkProgramData({ program: untyped, splits })).not.toThrow();
    const signature = {
      name: 's',
      inputFields: [],
      outputFields: [{ name: 'label', type: 'str', description: '' }],
      checkInstance: () => [{ path: 'gold.label', message: 'expected string' }],
    };
    expect(
      thrown(() => checkProgramData({ program: untyped, signature, splits })).problems,
    ).toEqual([
      { split: 'train', index: 0, id: 'a', path: 'gold.label', message: 'expected string' },
    ]);
  });
});
