import { createRandom } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { pairedPermutationTest } from './paired-permutation-test.js';

const random = () => createRandom('paired-permutation-test');
const plain = (differences: readonly number[]) => differences.map((difference) => ({ difference }));
const thirds = (numerators: readonly number[]) => numerators.map((numerator) => numerator / 3);

// The expected p-values were computed independently with Python 3.11's standard library:
// `itertools.product([1, -1], repeat=m)` over every sign assignment (few pairs), `math.comb`
// for ±1 differences (a two-sided sign test), and an exact convolution over
// `fractions.Fraction` sums for thirds and weighted pairs.
describe('pairedPermutationTest', () => {
  it('enumerates every sign assignment of a few pairs (Python: 48 of 128)', () => {
    const result = pairedPermutationTest(plain([0.5, -1, 1, 1, 0.25, 1, -0.5, 0, 0]), {
      random: random(),
    });
    expect(result).toEqual({ pValue: 48 / 128, pairs: 9, method: 'exact' });
  });

  it('equals the exact two-sided sign test for ±1 differences (Python: math.comb)', () => {
    const differences = [...Array(20).fill(1), ...Array(10).fill(-1), ...Array(5).fill(0)];
    const result = pairedPermutationTest(plain(differences), { random: random() });
    expect(result?.method).toBe('exact');
    expect(result?.pairs).toBe(35);
    expect(result?.pValue).toBeCloseTo(0.09873714670538902, 12);
  });

  it('counts thirds (AIME repeats) exactly on their lattice', () => {
    const numerators = [
      1, 2, 3, -1, 1, 2, -2, 1, 3, 1, -1, 2, 1, 1, -3, 2, 1, 1, -1, 2, 1, 1, 2, -1,
    ];
    const result = pairedPermutationTest(plain(thirds(numerators)), { random: random() });
    expect(result?.method).toBe('exact');
    expect(result?.pValue).toBeCloseTo(0.027776360511779785, 12);
  });

  it('weighs pairs (an Aggregate: two benchmarks of different sizes, each weighing the same)', () => {
    const first = [...Array(12).fill(1), ...Array(5).fill(-1), ...Array(8).fill(0)].map(
      (difference) => ({ difference, weight: 1 / 100 }),
    );
    const second = [
      ...Array(6).fill(1 / 3),
      ...Array(2).fill(-2 / 3),
      ...Array(5).fill(1),
      ...Array(3).fill(-1 / 3),
      ...Array(14).fill(0),
    ].map((difference) => ({ difference, weight: 1 / 30 }));
    const result = pairedPermutationTest([...first, ...second], { random: random() });
    expect(result?.method).toBe('exact');
    expect(result?.pairs).toBe(55);
    expect(result?.pValue).toBeCloseTo(0.0202134323772043, 12);
  });

  it('samples sign assignments when no exact count is affordable, deterministically per stream', () => {
    const differences = [...Array(20).fill(1), ...Array(10).fill(-1)];
    const options = { enumerateUpTo: 0, latticeWork: 0, draws: 20_000 };
    const result = pairedPermutationTest(plain(differences), { ...options, random: random() });
    expect(result?.method).toBe('monte-carlo');
    expect(result?.draws).toBe(20_000);
    // Within four standard errors of the exact value.
    const exact = 0.09873714670538902;
    const standardError = Math.sqrt((exact * (1 - exact)) / 20_000);
    expect(Math.abs((result?.pValue ?? 0) - exact)).toBeLessThan(4 * standardError);
    expect(pairedPermutationTest(plain(differences), { ...options, random: random() })).toEqual(
      result,
    );
  });

  it('never gives 0 by sampling, and 1 when every pair ties', () => {
    const far = Array(60).fill(1);
    const sampled = pairedPermutationTest(plain(far), {
      random: random(),
      enumerateUpTo: 0,
      latticeWork: 0,
      draws: 999,
    });
    expect(sampled?.pValue).toBe(1 / 1000);
    // On the lattice: exactly 2 of 2^60 assignments are as far from 0.
    expect(pairedPermutationTest(plain(far), { random: random() })?.pValue).toBe(2 / 2 ** 60);
    expect(pairedPermutationTest(plain([0, 0, 0]), { random: random() })).toEqual({
      pValue: 1,
      pairs: 3,
      method: 'exact',
    });
    expect(pairedPermutationTest([], { random: random() })).toBeNull();
  });

  it('falls back to sampling for differences on no small lattice', () => {
    const differences = Array.from({ length: 30 }, (_, index) => Math.sqrt(index + 2) / 10);
    const result = pairedPermutationTest(plain(differences), { random: random(), draws: 2_000 });
    expect(result?.method).toBe('monte-carlo');
    // Every difference is positive: only the all-plus and all-minus assignments reach the sum.
    expect(result?.pValue).toBe(1 / 2_001);
  });
});
