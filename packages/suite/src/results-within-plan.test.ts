import { describe, expect, it } from 'vitest';
import { doneResult, smallSpec } from './__fixtures__/cell-results.js';
import { planSuite } from './plan-suite.js';
import { quoteUntrusted, resultOutsidePlan } from './results-within-plan.js';
import type { SuiteCell } from './suite-cell.js';
import type { SuiteCellResult } from './suite-cell-result.js';

const plan = planSuite(smallSpec);
const cellOf = (method: string): SuiteCell => {
  const cell = plan.cells.find(
    (candidate) => candidate.benchmark === 'alpha' && candidate.method === method,
  );
  if (cell === undefined) throw new Error(`no ${method} cell`);
  return cell;
};
const reference = cellOf('forge');
const aligned = cellOf('prompt-search');
const bounds = { cells: plan.cells, maxEvaluations: 300 };
const check = (...results: SuiteCellResult[]) =>
  resultOutsidePlan(new Map(results.map((result) => [result.id, result])), bounds);

describe('resultOutsidePlan', () => {
  it('passes results of the plan within its cap, an aligned cell past its ceiling included', () => {
    expect(check(doneResult(reference, { bestTest: 0.5, evaluationsUsed: 300 }))).toBeUndefined();
    // An aligned cell that overspent is flagged in the tables, not refused.
    expect(
      check(doneResult(aligned, { bestTest: 0.5, evaluationsUsed: 340, maxEvaluations: 300 })),
    ).toBeUndefined();
  });

  it('refuses counts and budgets above the cap', () => {
    expect(
      check(doneResult(reference, { bestTest: 0.5, evaluationsUsed: 3000, maxEvaluations: 300 }))
        ?.reason,
    ).toMatch(/claims 3000 evaluations used, above the suite's cap of 300/);
    expect(
      check(doneResult(aligned, { bestTest: 0.5, evaluationsUsed: 10, maxEvaluations: 301 })),
    ).toEqual({
      cellId: aligned.id,
      reason: `the result of ${aligned.id} claims a budget of 301 evaluations, above the suite's cap of 300`,
    });
    expect(
      check(doneResult(aligned, { bestTest: 0.5, evaluationsUsed: 10, ceiling: 900 }))?.reason,
    ).toMatch(/claims a ceiling of 900 evaluations/);
  });

  it('refuses a cell the plan lacks, another identity, and a run directory elsewhere', () => {
    const done = doneResult(reference, { bestTest: 0.5, evaluationsUsed: 10 });
    expect(
      resultOutsidePlan(new Map([['alpha/gepa/x', { ...done, id: 'alpha/gepa/x' }]]), bounds)
        ?.reason,
    ).toBe('a result names cell "alpha/gepa/x", not in the plan');
    expect(check({ ...done, seed: 7 })?.reason).toBe(
      `the result of ${reference.id} says seed "7", but the plan's cell has "0"`,
    );
    expect(check({ ...done, runDir: '/etc' })?.reason).toBe(
      `the result of ${reference.id} names the run directory "/etc", not cells/${reference.id}`,
    );
  });

  it('checks no budget without a cap', () => {
    const huge = doneResult(reference, { bestTest: 0.5, evaluationsUsed: 10 ** 9 });
    expect(resultOutsidePlan(new Map([[huge.id, huge]]), { cells: plan.cells })).toBeUndefined();
  });
});

describe('quoteUntrusted', () => {
  it('escapes control sequences and cuts long text to 80 characters', () => {
    expect(quoteUntrusted('a\u001b[2Jb')).toBe('"a\\u001b[2Jb"');
    expect(quoteUntrusted('x'.repeat(100))).toBe(`"${'x'.repeat(80)}…"`);
  });
});
