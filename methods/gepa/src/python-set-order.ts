/**
 * The order in which CPython 3.x iterates a `set` of non-negative integers added in `inserted`
 * order: slot order of its open-addressing table (an int hashes to itself; 9 linear probes, then
 * perturbed probing; the table starts at 8 slots and grows to the next power of two above 4×
 * its size once it is 3/5 full, re-inserting in slot order).
 */
export function pythonSetOrder(inserted: readonly number[]): number[] {
  return occupied(builtTable(inserted));
}

/**
 * The order in which CPython 3.x iterates `set(s)` (or `s.copy()`), where `s` is the set built by
 * adding `inserted` in order. The copy is a new table, not the old one: an empty set merging `n`
 * values first grows to the next power of two above 2n once `5n ≥ 21` (CPython's `set_merge`),
 * copies the slots as they are only when that size equals the original's, and otherwise
 * re-inserts the values in the original's slot order. So a set of 5–7 values (built in 32 slots,
 * copied into 16) or of 16–18 (32 slots, copied into 64) can come out of the copy in another
 * order. The reference walks such copies of its Pareto fronts (gepa-ai/gepa `b265bf9`,
 * `src/gepa/core/state.py:1030`) in its dominated-program removal.
 */
export function pythonCopiedSetOrder(inserted: readonly number[]): number[] {
  const original = builtTable(inserted);
  const values = occupied(original);
  const size =
    values.length * 5 >= (minimumSize - 1) * 3 ? tableSize(values.length * 2) : minimumSize;
  if (size === original.length) return values;
  const copy: (number | undefined)[] = new Array(size).fill(undefined);
  for (const value of values) insert(copy, value);
  return occupied(copy);
}

const minimumSize = 8;
const linearProbes = 9;
const perturbShift = 5;

function builtTable(inserted: readonly number[]): (number | undefined)[] {
  let table: (number | undefined)[] = new Array(minimumSize).fill(undefined);
  let used = 0;
  for (const value of inserted) {
    if (!Number.isInteger(value) || value < 0) {
      throw new RangeError(`pythonSetOrder handles non-negative integers, got ${value}`);
    }
    if (table.includes(value)) continue;
    insert(table, value);
    used++;
    const mask = table.length - 1;
    // No deletions happen, so the table's fill equals its used count.
    if (used * 5 >= mask * 3) table = resized(table, used * 4);
  }
  return table;
}

function occupied(table: readonly (number | undefined)[]): number[] {
  return table.filter((value): value is number => value !== undefined);
}

function insert(table: (number | undefined)[], value: number): void {
  const mask = table.length - 1;
  let index = value & mask;
  let perturb = value;
  for (;;) {
    const probes = index + linearProbes <= mask ? linearProbes : 0;
    for (let offset = 0; offset <= probes; offset++) {
      if (table[index + offset] === undefined) {
        table[index + offset] = value;
        return;
      }
    }
    perturb = Math.floor(perturb / 2 ** perturbShift);
    index = (index * 5 + 1 + perturb) & mask;
  }
}

/** CPython's `set_table_resize` size: the smallest power of two (at least 8) above `minimumUsed`. */
function tableSize(minimumUsed: number): number {
  let size = minimumSize;
  while (size <= minimumUsed) size *= 2;
  return size;
}

function resized(
  table: readonly (number | undefined)[],
  minimumUsed: number,
): (number | undefined)[] {
  const next: (number | undefined)[] = new Array(tableSize(minimumUsed)).fill(undefined);
  for (const value of table) if (value !== undefined) insert(next, value);
  return next;
}
