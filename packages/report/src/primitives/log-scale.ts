/** Maps a positive numeric domain onto a pixel range by the base-10 logarithm. */
export interface LogScale {
  /** The data interval, `[start, end]`, both positive. */
  readonly domain: readonly [number, number];
  /** The pixel interval the domain maps onto. */
  readonly range: readonly [number, number];
  /** The pixel position of a value; zero and negative values clamp to the domain's start. */
  map(value: number): number;
  /** Powers of ten inside the domain, plus 2× and 5× steps when it spans three decades or fewer. */
  ticks(): number[];
}

// Rounds away the binary noise of 10 ** -k (e.g. 0.30000000000000004 for 3 × 0.1).
function clean(value: number): number {
  return Number(value.toPrecision(12));
}

/** A log scale; a domain whose ends are not positive and distinct falls back to `[0.1, 1]`. */
export function createLogScale(
  domain: readonly [number, number],
  range: readonly [number, number],
): LogScale {
  const valid = domain[0] > 0 && domain[1] > 0 && domain[0] !== domain[1];
  const [start, end]: readonly [number, number] = valid ? domain : [0.1, 1];
  const logStart = Math.log10(start);
  const logSpan = Math.log10(end) - logStart;
  const [rangeStart, rangeEnd] = range;
  return {
    domain: [start, end],
    range,
    map(value) {
      const safe = value > 0 && Number.isFinite(value) ? value : start;
      return rangeStart + ((Math.log10(safe) - logStart) / logSpan) * (rangeEnd - rangeStart);
    },
    ticks() {
      const low = Math.min(start, end);
      const high = Math.max(start, end);
      const decades = Math.log10(high) - Math.log10(low);
      const multipliers = decades <= 3 ? [1, 2, 5] : [1];
      const ticks: number[] = [];
      for (let power = Math.floor(Math.log10(low)); power <= Math.ceil(Math.log10(high)); power++) {
        for (const multiplier of multipliers) {
          const tick = clean(multiplier * 10 ** power);
          if (tick >= low * (1 - 1e-9) && tick <= high * (1 + 1e-9)) ticks.push(tick);
        }
      }
      return ticks;
    },
  };
}

/**
 * The log-axis interval for shares in (0, 1]: from a round value (1, 2 or 5 × 10^k) a little
 * below the smallest share up to 100%, so the smallest point does not sit on the axis line.
 */
export function shareDomain(shares: readonly number[]): [number, number] {
  const positive = shares.filter((share) => share > 0 && Number.isFinite(share));
  if (positive.length === 0) return [0.1, 1];
  const target = Math.min(...positive) * 0.8;
  const power = 10 ** Math.floor(Math.log10(target));
  const multiplier = [5, 2, 1].find((candidate) => candidate * power <= target) ?? 1;
  const low = clean(Math.min(multiplier * power, 0.1));
  return [low, 1];
}
