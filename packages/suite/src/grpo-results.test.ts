import { describe, expect, it } from 'vitest';
import { smallSpec } from './__fixtures__/cell-results.js';
import { grpoResultsProblem, grpoResultsSchema } from './grpo-results.js';

const spec = {
  ...smallSpec,
  transfer: { benchmarks: ['alpha'], methods: ['prompt-search'], source: 'forge' },
};
const row = {
  benchmark: 'alpha',
  taskModel: 'sim:task',
  optimizerModel: 'sim:optimizer',
  seed: 0,
  steps: 100,
  arms: {
    train_only: [
      {
        seed: 42,
        test: 0.57,
        curve: [
          { step: 0, validation: 0.5, test: 0.5 },
          { step: 100, test: 0.57 },
        ],
      },
    ],
    train_plus_synthetic: [{ seed: 42, test: 0.65 }],
  },
};
const file = { formatVersion: 1, method: 'GRPO', rows: [row] };
const firstIssue = (value: unknown) => {
  const parsed = grpoResultsSchema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0];
};

describe('grpoResultsSchema', () => {
  it('takes the documented format and names the field of anything else', () => {
    expect(grpoResultsSchema.safeParse(file).success).toBe(true);
    expect(firstIssue({ ...file, formatVersion: 2 })?.path).toEqual(['formatVersion']);
    expect(firstIssue({ ...file, extra: 1 })?.code).toBe('unrecognized_keys');
    const arms = (train_only: unknown) => ({
      ...file,
      rows: [{ ...row, arms: { ...row.arms, train_only } }],
    });
    expect(firstIssue(arms([{ test: 57 }]))?.path).toEqual([
      'rows',
      0,
      'arms',
      'train_only',
      0,
      'test',
    ]);
    expect(firstIssue(arms([]))?.path).toEqual(['rows', 0, 'arms', 'train_only']);
    const backwards = firstIssue(arms([{ test: 0.5, curve: [{ step: 10 }, { step: 10 }] }]));
    expect(backwards?.path).toEqual(['rows', 0, 'arms', 'train_only', 0, 'curve', 1, 'step']);
    expect(backwards?.message).toBe('steps must increase (step 10 after 10)');
    expect(
      firstIssue({ ...file, rows: [{ ...row, arms: { train_only: row.arms.train_only } }] })?.path,
    ).toEqual(['rows', 0, 'arms', 'train_plus_synthetic']);
  });
});

describe('grpoResultsProblem', () => {
  it("accepts only the suite's transfer rows, once each", () => {
    const parsed = grpoResultsSchema.parse(file);
    expect(grpoResultsProblem(parsed, spec)).toBeUndefined();
    expect(
      grpoResultsProblem({ ...parsed, rows: [{ ...parsed.rows[0]!, benchmark: 'beta' }] }, spec),
    ).toEqual({
      path: ['rows', 0, 'benchmark'],
      message: `"beta" is not a benchmark of the suite's transfer study ("alpha")`,
    });
    expect(
      grpoResultsProblem({ ...parsed, rows: [{ ...parsed.rows[0]!, seed: 7 }] }, spec)?.path,
    ).toEqual(['rows', 0, 'seed']);
    expect(
      grpoResultsProblem({ ...parsed, rows: [parsed.rows[0]!, parsed.rows[0]!] }, spec),
    ).toEqual({
      path: ['rows', 1],
      message: 'repeats an earlier row (same benchmark, models and seed)',
    });
    expect(grpoResultsProblem(parsed, smallSpec)?.message).toMatch(/no transfer study/);
  });
});
