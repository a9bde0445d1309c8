import { createRandom, type Random } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { directSelectionWeights } from './__fixtures__/direct-selection-weights.js';
import { SelectionIndex } from './selection-index.js';

type Kind = 'binary' | 'three-valued' | 'many-valued' | 'continuous' | 'lineage';
const kinds: readonly Kind[] = ['binary', 'three-valued', 'many-valued', 'continuous', 'lineage'];

/** A random pool: ties, identical rows and dominated children are all common. */
function randomPool(random: Random, kind: Kind, candidates: number, instances: number) {
  const lengths = Array.from({ length: instances }, () => 3 + random.int(12));
  const score = (instance: number) => {
    switch (kind) {
      case 'binary':
        return random.int(2);
      case 'three-valued':
      case 'lineage':
        return random.int(3) / 2;
      case 'many-valued': {
        const length = lengths[instance] as number;
        return random.int(length + 1) / length;
      }
      case 'continuous':
        return random.next();
    }
  };
  const rows: number[][] = [];
  for (let candidate = 0; candidate < candidates; candidate++) {
    const roll = random.next();
    if (candidate > 0 && roll < 0.15) {
      // An exact copy of an earlier candidate.
      rows.push([...(rows[random.int(candidate)] as number[])]);
    } else if (candidate > 0 && (kind === 'lineage' || roll < 0.4)) {
      // A child: a parent with a few instances changed (often dominating it or dominated by it).
      const child = [...(rows[random.int(candidate)] as number[])];
      for (let change = 1 + random.int(3); change > 0; change--) {
        const instance = random.int(instances);
        child[instance] = score(instance);
      }
      rows.push(child);
    } else {
      rows.push(Array.from({ length: instances }, (_, instance) => score(instance)));
    }
  }
  return rows;
}

function indexOf(rows: readonly (readonly number[])[], instances: number): SelectionIndex {
  const index = new SelectionIndex(instances);
  for (const row of rows) index.add(row);
  return index;
}

describe('SelectionIndex', () => {
  it('agrees with the direct implementation after every addition, on every score flavour', () => {
    for (let trial = 0; trial < 400; trial++) {
      const random = createRandom(16, 'selection-index', trial);
      const kind = kinds[trial % kinds.length] as Kind;
      const instances = 1 + random.int(16);
      const rows = randomPool(random, kind, 1 + random.int(40), instances);
      const index = new SelectionIndex(instances);
      rows.forEach((row, candidate) => {
        index.add(row);
        const expected = directSelectionWeights(rows.slice(0, candidate + 1));
        expect(Array.from(index.weights()), `trial ${trial} (${kind}), after ${candidate}`).toEqual(
          expected,
        );
        expect(index.total).toBe(expected.reduce((sum, weight) => sum + weight, 0));
      });
    }
  });

  it('agrees with the direct implementation on large pools', () => {
    for (const [trial, kind] of kinds.entries()) {
      const random = createRandom(16, 'selection-index-large', trial);
      const rows = randomPool(random, kind, 600, 120);
      expect(Array.from(indexOf(rows, 120).weights()), kind).toEqual(directSelectionWeights(rows));
    }
  });

  it('gives the same weights whatever order the candidates arrive in', () => {
    const random = createRandom(3, 'order');
    const rows = randomPool(random, 'three-valued', 30, 6);
    const reversed = [...rows].reverse();
    const forward = Array.from(indexOf(rows, 6).weights());
    const backward = Array.from(indexOf(reversed, 6).weights()).reverse();
    expect(backward).toEqual(forward);
  });

  it('does not let identical vectors dominate each other, before or after a dominator joins', () => {
    const index = new SelectionIndex(2);
    index.add([1, 0.5]);
    index.add([1, 0.5]);
    expect(Array.from(index.weights())).toEqual([2, 2]);
    index.add([1, 1]);
    expect(Array.from(index.weights())).toEqual([0, 0, 2]);
  });

  it('finds a dominator whose sum rounds to its victim’s', () => {
    // 1 + 2⁻⁶⁰ rounds to 1: equal sums, yet the first candidate dominates the second.
    const index = new SelectionIndex(2);
    index.add([1, 0]);
    index.add([1, 2 ** -60]);
    expect(Array.from(index.weights())).toEqual([0, 2]);
    expect(
      directSelectionWeights([
        [1, 0],
        [1, 2 ** -60],
      ]),
    ).toEqual([0, 2]);
  });

  it('drops a candidate from a front when a later one raises its best', () => {
    const index = new SelectionIndex(3);
    index.add([0.5, 0, 1]);
    index.add([0, 0.5, 0]);
    expect(Array.from(index.weights())).toEqual([2, 1]);
    index.add([1, 0, 0]);
    // Instance 0's best rose to 1: candidate 0 keeps only instance 2.
    expect(Array.from(index.weights())).toEqual([1, 1, 1]);
    expect(index.weight(0)).toBe(1);
  });

  it('draws parents in proportion to the weights', () => {
    const index = indexOf(
      [
        [1, 0, 0],
        [0, 1, 1],
        [0, 0, 0],
      ],
      3,
    );
    const counts = [0, 0, 0];
    for (let draw = 0; draw < 3000; draw++) {
      counts[index.select(createRandom(9, 'draw', draw))]! += 1;
    }
    expect(counts[2]).toBe(0);
    expect(Math.abs((counts[1] as number) / (counts[0] as number) - 2)).toBeLessThan(0.25);
  });

  it('rejects rows of the wrong length and unknown candidates', () => {
    const index = new SelectionIndex(2);
    expect(() => index.add([1])).toThrow('candidate 0 has 1 scores, expected 2');
    expect(() => index.weight(0)).toThrow('no candidate 0');
  });
});
