import { describe, expect, it } from 'vitest';
import {
  sampleSuiteReportData,
  sampleTestInstances,
} from '../__fixtures__/sample-suite-report-data.js';
import { isSolved, suiteSolveMatrices } from './suite-solve-matrix.js';

describe('suiteSolveMatrices', () => {
  it('counts per method in how many seeds its best candidate solved each test instance', () => {
    const [alpha, beta] = suiteSolveMatrices(sampleSuiteReportData());
    expect(alpha?.benchmark).toBe('alpha');
    expect(alpha?.methods).toEqual([
      { method: 'baseline', seeds: [0, 1], stoppedSeeds: [] },
      { method: 'prompt-search', seeds: [0, 1], stoppedSeeds: [] },
      { method: 'forge', seeds: [0, 1], stoppedSeeds: [] },
    ]);
    // Natural order: t-2 before t-10.
    expect(alpha?.rows.map((row) => row.instance)).toEqual(sampleTestInstances);
    const solved = (instance: string) =>
      alpha?.rows
        .find((row) => row.instance === instance)
        ?.entries.map((entry) => (entry === null ? null : `${entry.solved}/${entry.seeds}`));
    expect(solved('t-1')).toEqual(['2/2', '2/2', '2/2']);
    expect(solved('t-4')).toEqual(['0/2', '1/2', '2/2']);
    expect(solved('t-6')).toEqual(['0/2', '0/2', '1/2']);
    expect(solved('t-10')).toEqual(['0/2', '0/2', '0/2']);
    // A partial score (0.5 on odd instances) is not solved.
    expect(alpha?.rows.find((row) => row.instance === 't-7')?.entries[2]?.meanScore).toBe(0.5);
    // Beta's prompt search finished one seed of two: n = 1 there.
    expect(beta?.methods[1]).toEqual({ method: 'prompt-search', seeds: [0], stoppedSeeds: [] });
    expect(beta?.rows[3]?.entries[1]).toMatchObject({ seeds: 1, solved: 1 });
  });

  it('tags each row for the filters: disagree, unsolved by all, solved by all, solved only by one method', () => {
    const [alpha] = suiteSolveMatrices(sampleSuiteReportData());
    const tagged = (token: string) =>
      alpha?.rows.filter((row) => row.tokens.includes(token)).map((row) => row.instance);
    expect(tagged('solved-by-all')).toEqual(['t-1']);
    expect(tagged('unsolved')).toEqual(['t-7', 't-8', 't-10']);
    expect(tagged('only-forge')).toEqual(['t-5', 't-6', 't-9']);
    expect(tagged('only-baseline')).toEqual([]);
    expect(tagged('disagree')).toEqual(['t-2', 't-3', 't-4', 't-5', 't-6', 't-9']);
  });

  it("solves only a perfect mean score and needs the cells' details", () => {
    expect(isSolved(1)).toBe(true);
    expect(isSolved(0.999)).toBe(false);
    expect(suiteSolveMatrices(sampleSuiteReportData({ details: false }))).toEqual([]);
  });
});
