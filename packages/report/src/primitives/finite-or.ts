/** Returns `value` when it is a finite number, else `fallback`; keeps NaN out of every coordinate. */
export function finiteOr(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
