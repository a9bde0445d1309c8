import type { Instance } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { buildAimeSplits } from './build-aime-splits.js';

function problems(count: number, prefix: string): Instance[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${index + 1}`,
    input: { problem: `problem ${index + 1}` },
    gold: { answer: index },
  }));
}

const ids = (instances: readonly Instance[]) =>
  instances.map((instance) => Number(instance.id.split('-')[1]));

describe('buildAimeSplits', () => {
  it('matches random.Random(0).shuffle of the 90 problems, split 45/45', () => {
    const splits = buildAimeSplits({ pool: problems(90, 'aimo'), test: problems(30, 'aime2025') });
    // CPython 3.11: x = list(range(1, 91)); random.Random(0).shuffle(x); x[:45], x[45:]
    expect(ids(splits.train)).toEqual([
      9, 8, 30, 45, 20, 12, 27, 76, 42, 58, 49, 71, 51, 85, 2, 35, 23, 7, 38, 44, 24, 48, 25, 80,
      73, 84, 89, 53, 11, 56, 3, 55, 68, 83, 15, 78, 5, 82, 16, 22, 32, 86, 90, 60, 67,
    ]);
    expect(ids(splits.validation)).toEqual([
      64, 26, 47, 88, 1, 57, 4, 17, 87, 29, 31, 36, 14, 59, 41, 70, 21, 79, 81, 72, 61, 43, 10, 74,
      40, 19, 69, 33, 13, 77, 37, 18, 65, 28, 75, 46, 62, 39, 52, 63, 66, 34, 6, 54, 50,
    ]);
    expect(ids(splits.test)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
  });

  it('does not reorder the records it was given', () => {
    const pool = problems(6, 'aimo');
    buildAimeSplits({ pool, test: [] });
    expect(ids(pool)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
