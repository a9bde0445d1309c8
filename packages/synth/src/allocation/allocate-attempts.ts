import { InvalidArgumentError } from '@forge/provider';

/**
 * Splits K generation attempts over failure modes in proportion to their supports, by largest
 * remainder (A.6): mode j first gets ⌊K·n_j/N⌋ with N = Σn; the attempts left over go one each
 * to the modes with the largest remainders K·n_j/N − ⌊K·n_j/N⌋, equal remainders going to the
 * earlier mode. The result always sums to exactly K (or is all zeros when N = 0).
 *
 * All arithmetic is on integers: the remainder of mode j is compared as the numerator
 * (K·n_j mod N) over the common denominator N, so remainders that are equal as fractions are
 * equal here, whatever floating point would have made of them.
 *
 * @throws InvalidArgumentError when K or a support is not a non-negative safe integer.
 */
export function allocateAttempts(attempts: number, supports: readonly number[]): number[] {
  if (!Number.isSafeInteger(attempts) || attempts < 0) {
    throw new InvalidArgumentError({
      argument: 'attempts',
      message: `attempts: expected a non-negative integer, got ${attempts}`,
    });
  }
  for (const [index, support] of supports.entries()) {
    if (!Number.isSafeInteger(support) || support < 0) {
      throw new InvalidArgumentError({
        argument: `supports[${index}]`,
        message: `supports[${index}]: expected a non-negative integer, got ${support}`,
      });
    }
  }
  const total = supports.reduce((sum, support) => sum + BigInt(support), 0n);
  if (total === 0n) return supports.map(() => 0);

  // BigInt keeps K·n_j exact beyond 2^53.
  const budget = BigInt(attempts);
  const shares = supports.map((support, index) => {
    const product = budget * BigInt(support);
    return { index, floor: product / total, remainder: product % total };
  });
  const allocation = shares.map((share) => Number(share.floor));
  let left = attempts - allocation.reduce((sum, count) => sum + count, 0);
  const order = shares.slice().sort((left, right) => {
    if (left.remainder !== right.remainder) return left.remainder > right.remainder ? -1 : 1;
    return left.index - right.index;
  });
  for (const share of order) {
    if (left === 0) break;
    allocation[share.index] = (allocation[share.index] ?? 0) + 1;
    left--;
  }
  return allocation;
}
