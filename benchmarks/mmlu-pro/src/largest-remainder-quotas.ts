/**
 * Splits `total` slots among groups in proportion to their sizes (Hamilton's method): each group
 * first gets ⌊total·size/N⌋, then the slots left over go one each to the groups with the largest
 * remainders, equal remainders going to the earlier group. The quotas sum to `total` exactly.
 * Remainders are compared as integers, so no rounding can reorder them.
 */
export function largestRemainderQuotas(sizes: readonly number[], total: number): number[] {
  const population = sizes.reduce((sum, size) => sum + size, 0);
  if (!Number.isInteger(total) || total < 0 || total > population) {
    throw new RangeError(`cannot allot ${total} slots among groups totalling ${population}`);
  }
  if (population === 0) return sizes.map(() => 0);
  const quotas = sizes.map((size) => Math.floor((total * size) / population));
  const remainders = sizes.map((size) => (total * size) % population);
  const leftover = total - quotas.reduce((sum, quota) => sum + quota, 0);
  const order = sizes
    .map((_, index) => index)
    .sort(
      (left, right) => (remainders[right] as number) - (remainders[left] as number) || left - right,
    );
  for (const index of order.slice(0, leftover)) quotas[index] = (quotas[index] as number) + 1;
  return quotas;
}
