import { createRandom } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { selectParent } from './select-parent.js';
import { selectionWeights } from './selection-weights.js';

/** Reference: the definition of SPEC §4, written as directly as possible (O(C²V)). */
function definitionWeights(scores: number[][]): number[] {
  const instances = scores[0]?.length ?? 0;
  const best = Array.from({ length: instances }, (_, z) =>
    Math.max(...scores.map((row) => row[z] as number)),
  );
  return scores.map((row, i) => {
    const dominated = scores.some(
      (other, l) =>
        l !== i &&
        other.every((score, z) => score >= (row[z] as number)) &&
        other.some((score, z) => score > (row[z] as number)),
    );
    if (dominated) return 0;
    return row.filter((score, z) => score === best[z]).length;
  });
}

describe('selectionWeights', () => {
  it('gives a single candidate a weight equal to the number of instances', () => {
    expect(selectionWeights([[0, 0.5, 1]])).toEqual([3]);
  });

  it('returns an empty list for no candidates', () => {
    expect(selectionWeights([])).toEqual([]);
  });

  it('counts front memberships, ties included', () => {
    // Instance 0: 0 and 1 tie at 1; instance 1: 2 leads; instance 2: 1 leads.
    expect(
      selectionWeights([
        [1, 0, 0],
        [1, 0, 1],
        [0, 1, 0],
      ]),
    ).toEqual([0, 2, 1]);
  });

  it('does not let identical score vectors dominate each other', () => {
    expect(
      selectionWeights([
        [1, 0.5],
        [1, 0.5],
      ]),
    ).toEqual([2, 2]);
  });

  it('zeroes a candidate that is fully dominated even when it ties on some fronts', () => {
    expect(
      selectionWeights([
        [1, 0, 1],
        [1, 1, 1],
        [0, 0, 0],
      ]),
    ).toEqual([0, 3, 0]);
  });

  it('compares exactly: 0.1 + 0.2 is not 0.3', () => {
    expect(selectionWeights([[0.1 + 0.2], [0.3]])).toEqual([1, 0]);
  });

  it('keeps non-dominated candidates that lead nowhere at weight zero', () => {
    // Candidate 2 is not dominated (it beats 0 on instance 1 and 1 on instance 0) but leads nowhere.
    expect(
      selectionWeights([
        [1, 0],
        [0, 1],
        [0.5, 0.5],
      ]),
    ).toEqual([1, 1, 0]);
  });

  it('agrees with the definition on random matrices of every flavour', () => {
    for (let trial = 0; trial < 200; trial++) {
      const random = createRandom(11, 'weights', trial);
      const candidates = 1 + random.int(12);
      const instances = 1 + random.int(8);
      const levels = [2, 3, 11][trial % 3] as number;
      const scores = Array.from({ length: candidates }, () =>
        Array.from({ length: instances }, () => random.int(levels) / (levels - 1)),
      );
      expect(selectionWeights(scores)).toEqual(definitionWeights(scores));
    }
  });

  it('rejects ragged matrices', () => {
    expect(() => selectionWeights([[1, 0], [1]])).toThrow('candidate 1 has 1 scores, expected 2');
  });
});

describe('selectParent', () => {
  it('draws in proportion to the weights and never picks a zero weight', () => {
    const counts = [0, 0, 0];
    for (let draw = 0; draw < 6000; draw++) {
      counts[selectParent([1, 0, 2], createRandom(5, 'select', draw))]! += 1;
    }
    expect(counts[1]).toBe(0);
    expect(Math.abs((counts[2] as number) / (counts[0] as number) - 2)).toBeLessThan(0.2);
  });

  it('is deterministic for a given random stream', () => {
    expect(selectParent([3, 1, 4, 1, 5], createRandom(1, 'x'))).toBe(
      selectParent([3, 1, 4, 1, 5], createRandom(1, 'x')),
    );
  });

  it('throws when no weight is positive', () => {
    expect(() => selectParent([0, 0], createRandom(1))).toThrow(RangeError);
  });
});
