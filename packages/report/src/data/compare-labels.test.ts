import { describe, expect, it } from 'vitest';
import { sampleRunReportData } from '../__fixtures__/sample-run-report-data.js';
import { compareLabels } from './compare-labels.js';
import type { RunReportData } from './run-report-data.js';

function cell(method: string, seed: number, arm = false): RunReportData {
  const data = sampleRunReportData({ candidates: 2 });
  const id = `sim/${method}/sim-task/sim-optimizer/seed-${seed}${arm ? '/augmented' : ''}`;
  return { ...data, run: { ...data.run, runDir: `suite/cells/${id}`, variant: method, seed } };
}

describe('compareLabels', () => {
  it('names the suite cells of one seed by their method, not by their seed directory', () => {
    expect(compareLabels([cell('forge', 0), cell('gepa', 0), cell('ace', 0)])).toEqual([
      'forge',
      'gepa',
      'ace',
    ]);
  });

  it('names only what differs: method and seed, and the arm of a transfer cell', () => {
    expect(
      compareLabels([cell('forge', 0), cell('forge', 1), cell('gepa', 1), cell('gepa', 1, true)]),
    ).toEqual([
      'forge · seed 0 · original',
      'forge · seed 1 · original',
      'gepa · seed 1 · original',
      'gepa · seed 1 · augmented',
    ]);
  });

  it('names the profile when it differs, and the arm a cell records over its directory', () => {
    const paper = cell('mipro', 1);
    const reference = cell('mipro', 1);
    const runs = [
      { ...paper, run: { ...paper.run, profile: 'paper' } },
      {
        ...reference,
        run: {
          ...reference.run,
          runDir: 'suite/cells/moved',
          profile: 'reference',
          suiteCell: { id: 'sim/mipro/t/o/seed-1/augmented', arm: 'augmented', role: 'aligned' },
        },
      },
    ];
    expect(compareLabels(runs)).toEqual([
      'profile paper · original',
      'profile reference · augmented',
    ]);
  });

  it('leaves out a profile the method already says: a GEPA cell beside a Forge run', () => {
    const forge = cell('forge', 0);
    const gepa = cell('gepa', 0);
    const runs = [forge, { ...gepa, run: { ...gepa.run, profile: 'paper' } }];
    expect(compareLabels(runs)).toEqual(['forge', 'gepa']);
  });

  it('falls back to the shortest differing end of the cell id or directory when no fact differs', () => {
    const twin = cell('forge', 0);
    const other = { ...twin, run: { ...twin.run, runDir: 'elsewhere/cells/x/forge/seed-0' } };
    expect(compareLabels([twin, other])).toEqual(['sim-optimizer/seed-0', 'forge/seed-0']);
    const plain = sampleRunReportData({ candidates: 1 });
    const runs = ['runs/a/out', 'runs/b/out'].map((runDir) => ({
      ...plain,
      run: { ...plain.run, runDir },
    }));
    expect(compareLabels(runs)).toEqual(['a/out', 'b/out']);
  });
});
