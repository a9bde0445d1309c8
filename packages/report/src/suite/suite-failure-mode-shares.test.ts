import { describe, expect, it } from 'vitest';
import { sampleSuiteReportData } from '../__fixtures__/sample-suite-report-data.js';
import { suiteFailureModeGroups, summarizeFailureModeWindow } from './suite-failure-mode-shares.js';

const mode = (name: string, failures: number) => ({ name, description: `${name}?`, failures });

describe('summarizeFailureModeWindow', () => {
  it('averages each named mode over the seeds, a seed without it counting 0, so the means sum to 1', () => {
    const summary = summarizeFailureModeWindow([
      { id: 'b', seed: 1, window: { event: 0, modes: [mode('x', 4), mode('y', 4)] } },
      { id: 'a', seed: 0, window: { event: 0, modes: [mode('x', 6), mode('y', 3), mode('z', 1)] } },
    ]);
    expect(summary.cells.map((cell) => [cell.seed, cell.modes, cell.failures])).toEqual([
      [0, 3, 10],
      [1, 2, 8],
    ]);
    expect(summary.modes.map((entry) => [entry.name, entry.meanShare, entry.meanFailures])).toEqual(
      [
        ['x', 0.55, 5],
        ['y', 0.4, 3.5],
        ['z', 0.05, 0.5],
      ],
    );
    expect(summary.modes.reduce((sum, entry) => sum + entry.meanShare, 0)).toBeCloseTo(1);
    expect(summary.modes[2]?.perSeed).toEqual([{ seed: 0, share: 0.1, failures: 1 }]);
  });

  it('leaves out seeds without failures, modes without failures and broken counts, and merges a repeated name', () => {
    const summary = summarizeFailureModeWindow([
      { id: 'a', seed: 0, window: { event: 1, modes: [mode('x', 0)] } },
      {
        id: 'b',
        seed: 1,
        window: {
          event: 2,
          modes: [mode('x', 2), mode('x', 2), mode('y', Number.NaN), mode('w', -3)],
        },
      },
    ]);
    expect(summary.cells).toEqual([
      { id: 'b', seed: 1, event: 2, modes: 1, failures: 4, largest: 4, smallest: 4, ratio: 1 },
    ]);
    expect(summary.modes.map((entry) => [entry.name, entry.meanShare])).toEqual([['x', 1]]);
    expect(summarizeFailureModeWindow([]).modes).toEqual([]);
  });
});

describe('modes per seed and the max:min share ratio', () => {
  it("counts each seed's own modes (mean ± sample sd), not the names of every seed put together", () => {
    // Three seeds whose assigners name their modes differently: 7 distinct names in all.
    const summary = summarizeFailureModeWindow([
      {
        id: 'a',
        seed: 0,
        window: { event: 0, modes: [mode('a', 11), mode('b', 3), mode('c', 1)] },
      },
      { id: 'b', seed: 1, window: { event: 0, modes: [mode('d', 8), mode('e', 2)] } },
      {
        id: 'c',
        seed: 2,
        window: { event: 0, modes: [mode('a', 6), mode('f', 3), mode('g', 2), mode('h', 0)] },
      },
    ]);
    expect(summary.modes).toHaveLength(7);
    expect(summary.modeCount?.perSeed).toEqual([
      { seed: 0, value: 3 },
      { seed: 1, value: 2 },
      { seed: 2, value: 3 },
    ]);
    expect(summary.modeCount?.mean).toBeCloseTo(8 / 3);
    // Sample sd of 3, 2, 3: sqrt(((1/3)² + (2/3)² + (1/3)²) / 2) = sqrt(1/3).
    expect(summary.modeCount?.sd).toBeCloseTo(Math.sqrt(1 / 3));
    // Per seed: 11:1, 8:2 = 4:1, 6:2 = 3:1 (the mode with no failures is left out); mean 6.
    expect(summary.cells.map((cell) => [cell.largest, cell.smallest, cell.ratio])).toEqual([
      [11, 1, 11],
      [8, 2, 4],
      [6, 2, 3],
    ]);
    expect(summary.shareRatio?.mean).toBe(6);
    expect(summary.shareRatio?.sd).toBeCloseTo(Math.sqrt(((11 - 6) ** 2 + 2 ** 2 + 3 ** 2) / 2));
    expect(summary.shareRatio?.n).toBe(3);
  });

  it('gives one mode a ratio of 1, one seed no sd, and no seed neither number', () => {
    const one = summarizeFailureModeWindow([
      { id: 'a', seed: 4, window: { event: 2, modes: [mode('x', 5)] } },
    ]);
    expect(one.shareRatio).toMatchObject({ mean: 1, sd: null, n: 1 });
    expect(one.modeCount).toMatchObject({ mean: 1, sd: null, n: 1 });
    const none = summarizeFailureModeWindow([
      { id: 'a', seed: 0, window: { event: 0, modes: [mode('x', 0)] } },
    ]);
    expect(none.modeCount).toBeNull();
    expect(none.shareRatio).toBeNull();
  });
});

describe('suiteFailureModeGroups', () => {
  it('groups the finished Forge cells that synthesized by benchmark, in the suite order', () => {
    const groups = suiteFailureModeGroups(sampleSuiteReportData());
    expect(
      groups.map((group) => [group.benchmark, group.method, group.final.cells.length]),
    ).toEqual([
      ['alpha', 'forge', 2],
      ['beta', 'forge', 2],
    ]);
    const [alpha] = groups;
    expect(alpha?.first.modes.map((entry) => [entry.name, entry.meanShare])).toEqual([
      ['date_order', 0.55],
      ['two_digit_year', 0.4],
      ['month_names', 0.05],
    ]);
    expect(
      alpha?.final.modes.map((entry) => [entry.name, Number(entry.meanShare.toFixed(4))]),
    ).toEqual([
      ['ordinal_suffix', 0.575],
      ['two_digit_year', 0.325],
      ['date_order', 0.1],
    ]);
  });

  it("has nothing to group without the cells' details", () => {
    expect(suiteFailureModeGroups(sampleSuiteReportData({ details: false }))).toEqual([]);
  });
});
