import type { Random } from '@forge/program';

/**
 * The reference's `select_eval_subsample_for_merged_program`: validation positions split into
 * "first parent better", "second parent better" and "tie"; up to ⌈size/3⌉ are drawn from each
 * bucket in that order, the rest drawn from the unused positions (with replacement only when
 * there are too few). Returns at most `size` positions.
 */
export function mergeSubsample(
  scores1: readonly number[],
  scores2: readonly number[],
  size: number,
  random: Random,
): number[] {
  const positions = scores1
    .map((_, position) => position)
    .filter((position) => position < scores2.length);
  const firstBetter = positions.filter(
    (position) => (scores1[position] ?? 0) > (scores2[position] ?? 0),
  );
  const secondBetter = positions.filter(
    (position) => (scores2[position] ?? 0) > (scores1[position] ?? 0),
  );
  const ties = positions.filter(
    (position) => !firstBetter.includes(position) && !secondBetter.includes(position),
  );
  const perBucket = Math.max(1, Math.ceil(size / 3));
  const selected: number[] = [];
  for (const bucket of [firstBetter, secondBetter, ties]) {
    if (selected.length >= size) break;
    const available = bucket.filter((position) => !selected.includes(position));
    const take = Math.min(available.length, perBucket, size - selected.length);
    if (take > 0) selected.push(...sample(available, take, random));
  }
  const remaining = size - selected.length;
  if (remaining > 0) {
    const unused = positions.filter((position) => !selected.includes(position));
    if (unused.length >= remaining) selected.push(...sample(unused, remaining, random));
    else if (positions.length > 0)
      for (let draw = 0; draw < remaining; draw++) selected.push(random.pick(positions));
  }
  return selected.slice(0, size);
}

/** `count` distinct items drawn uniformly, in draw order. */
function sample(items: readonly number[], count: number, random: Random): number[] {
  return random.shuffle(items).slice(0, count);
}
