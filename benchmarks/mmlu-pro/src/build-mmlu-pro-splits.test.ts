import type { Instance } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { buildMmluProSplits } from './build-mmlu-pro-splits.js';

// 107 questions in four categories, interleaved in file order so that grouping by name matters.
function pool(): Instance[] {
  const sizes: Record<string, number> = { math: 50, law: 30, biology: 20, other: 7 };
  const instances: Instance[] = [];
  let questionId = 100;
  for (let round = 0; round < 50; round++) {
    for (const category of ['math', 'law', 'biology', 'other']) {
      if (round >= (sizes[category] as number)) continue;
      instances.push({
        id: `mmlu-pro-${questionId}`,
        input: { question: `q${questionId}`, options: ['x', 'y'], category },
        gold: { answer: 'A' },
      });
      questionId++;
    }
  }
  return instances;
}

const ids = (instances: readonly Instance[]) =>
  instances.map((instance) => Number(instance.id.slice(9)));

describe('buildMmluProSplits', () => {
  it('samples disjoint category-proportional train and test sets like the CPython procedure', () => {
    const validation: Instance[] = [{ id: 'mmlu-pro-1', input: {}, gold: { answer: 'B' } }];
    const splits = buildMmluProSplits(
      { testPool: pool(), validation },
      { train: 10, test: 10, seed: 0 },
    );
    // Printed by a CPython 3.11 implementation of the documented procedure (random.Random(0)).
    expect(ids(splits.train)).toEqual([145, 148, 156, 153, 144, 171, 194, 146, 189, 131]);
    expect(ids(splits.test)).toEqual([106, 133, 178, 135, 184, 161, 202, 124, 196, 155]);
    expect(splits.validation).toEqual(validation);
    const categories = splits.train.map((instance) => instance.input['category']);
    expect(categories).toEqual([
      'biology',
      'biology',
      'law',
      'law',
      'law',
      'math',
      'math',
      'math',
      'math',
      'math',
    ]);
    const overlap = ids(splits.train).filter((id) => ids(splits.test).includes(id));
    expect(overlap).toEqual([]);
  });

  it('depends on the seed', () => {
    const records = { testPool: pool(), validation: [] };
    const first = buildMmluProSplits(records, { train: 10, test: 10, seed: 0 });
    const second = buildMmluProSplits(records, { train: 10, test: 10, seed: 1 });
    expect(ids(first.train)).not.toEqual(ids(second.train));
  });

  it('refuses sizes the pool cannot supply', () => {
    expect(() =>
      buildMmluProSplits({ testPool: pool(), validation: [] }, { train: 60, test: 60, seed: 0 }),
    ).toThrow(InvalidArgumentError);
  });
});
