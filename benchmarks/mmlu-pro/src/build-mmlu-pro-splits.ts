import type { Instance, Splits } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { PythonRandom } from '@forge/python-compat';
import { largestRemainderQuotas } from './largest-remainder-quotas.js';
import type { MmluProRecords } from './mmlu-pro-records.js';

/** Sizes and seed of the sampled splits (Table 5: 100 train, 100 test, seed 0). */
export interface MmluProSplitSizes {
  /** Train instances sampled from the official test split. */
  readonly train: number;
  /** Test instances sampled from the official test split, disjoint from train. */
  readonly test: number;
  /** Seed of the `random.Random` that samples them. */
  readonly seed: number;
}

/** Table 5's sizes and seed. */
export const mmluProSplitSizes: MmluProSplitSizes = { train: 100, test: 100, seed: 0 };

/**
 * Table 5: train and test are sampled from the official test split without overlap, each with
 * category-proportional largest-remainder quotas; validation is the official validation split.
 *
 * The paper does not spell out the procedure; this one is: group the pool by category (pool
 * order kept within a category), visit categories in code-point order of their names, allot
 * each split's quotas with `largestRemainderQuotas` in that order, and for every category draw
 * `random.Random(seed).sample(category_rows, train_quota + test_quota)` from one generator; the
 * first `train_quota` drawn go to train, the rest to test. Splits list categories in that order.
 */
export function buildMmluProSplits(
  records: MmluProRecords,
  sizes: MmluProSplitSizes = mmluProSplitSizes,
): Splits {
  const byCategory = new Map<string, Instance[]>();
  for (const instance of records.testPool) {
    const category = String(instance.input['category']);
    const group = byCategory.get(category) ?? [];
    group.push(instance);
    byCategory.set(category, group);
  }
  const categories = [...byCategory.keys()].sort(compareCodePoints);
  const groups = categories.map((category) => byCategory.get(category) as Instance[]);
  const population = records.testPool.length;
  if (sizes.train + sizes.test > population) {
    throw new InvalidArgumentError({
      argument: 'settings',
      message: `mmlu-pro: cannot sample ${sizes.train} train and ${sizes.test} test instances from a test split of ${population}`,
    });
  }
  const trainQuotas = largestRemainderQuotas(
    groups.map((group) => group.length),
    sizes.train,
  );
  const testQuotas = largestRemainderQuotas(
    groups.map((group) => group.length),
    sizes.test,
  );
  const random = new PythonRandom(sizes.seed);
  const train: Instance[] = [];
  const test: Instance[] = [];
  for (const [index, group] of groups.entries()) {
    const trainQuota = trainQuotas[index] as number;
    const testQuota = testQuotas[index] as number;
    if (trainQuota + testQuota > group.length) {
      throw new InvalidArgumentError({
        argument: 'settings',
        message: `mmlu-pro: category ${categories[index]} has ${group.length} questions, fewer than its quotas ${trainQuota} + ${testQuota}`,
      });
    }
    const drawn = random.sample(group, trainQuota + testQuota);
    train.push(...drawn.slice(0, trainQuota));
    test.push(...drawn.slice(trainQuota));
  }
  return { train, validation: [...records.validation], test };
}

// Python's sorted() order; the same as UTF-16 order for the (ASCII) category names.
function compareCodePoints(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
