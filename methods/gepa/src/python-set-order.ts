/**
 * The order in which CPython 3.x iterates a `set` of non-negative integers added in `inserted`
 * order: slot order of its open-addressing table (an int hashes to itself; 9 linear probes, then
 * perturbed probing; the table starts at 8 slots and grows to the next power of two above 4×
 * its size once it is 3/5 full, re-inserting in slot order). The reference keeps its Pareto
 * fronts as such sets, so this is the order its dominated-program removal meets candidates in.
 */
export function pythonSetOrder(inserted: readonly number[]): number[] {
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
  return table.filter((value): value is number => value !== undefined);
}

const minimumSize = 8;
const linearProbes = 9;
const perturbShift = 5;

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

function resized(
  table: readonly (number | undefined)[],
  minimumUsed: number,
): (number | undefined)[] {
  let size = minimumSize;
  while (size <= minimumUsed) size *= 2;
  const next: (number | undefined)[] = new Array(size).fill(undefined);
  for (const value of table) if (value !== undefined) insert(next, value);
  return next;
}
