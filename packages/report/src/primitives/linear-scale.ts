/** Maps a numeric domain onto a pixel range, linearly. */
export interface LinearScale {
  /** The data interval, `[start, end]`. */
  readonly domain: readonly [number, number];
  /** The pixel interval the domain maps onto; `end` may be smaller than `start` (y axes). */
  readonly range: readonly [number, number];
  /** The pixel position of a value; values outside the domain extrapolate. */
  map(value: number): number;
  /** About `count` round values inside the domain, for axis ticks. */
  ticks(count: number): number[];
}

/** A round step (1, 2 or 5 times a power of ten) close to `span / count`. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !(count > 0) || !Number.isFinite(span)) return 1;
  const rough = span / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  // Thresholds at the geometric means of neighbouring steps (√50, √10, √2) pick the round
  // step whose tick count is closest to `count` on a log scale.
  const multiplier = fraction >= 7.07 ? 10 : fraction >= 3.16 ? 5 : fraction >= 1.41 ? 2 : 1;
  return multiplier * power;
}

// Multiplying the index by the step (instead of adding steps) avoids drift; the rounding
// removes binary noise such as 0.30000000000000004.
function roundToStep(value: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  return Number(value.toFixed(Math.min(decimals, 15)));
}

/** Round values from `start` to `end` inclusive, about `count` of them. */
export function niceTicks(start: number, end: number, count: number): number[] {
  const low = Math.min(start, end);
  const high = Math.max(start, end);
  if (!Number.isFinite(low) || !Number.isFinite(high)) return [];
  if (low === high) return [low];
  const step = niceStep(high - low, count);
  const first = Math.ceil(low / step - 1e-9);
  const last = Math.floor(high / step + 1e-9);
  const ticks: number[] = [];
  for (let index = first; index <= last; index += 1) ticks.push(roundToStep(index * step, step));
  return ticks;
}

/** Widens `[start, end]` to round values so axis ends get labels. */
export function niceDomain(start: number, end: number, count: number): [number, number] {
  if (!Number.isFinite(start) || !Number.isFinite(end) || start === end) return [start, end];
  const step = niceStep(end - start, count);
  return [
    roundToStep(Math.floor(start / step + 1e-9) * step, step),
    roundToStep(Math.ceil(end / step - 1e-9) * step, step),
  ];
}

/** A linear scale; a zero-width domain maps everything to the middle of the range. */
export function createLinearScale(
  domain: readonly [number, number],
  range: readonly [number, number],
): LinearScale {
  const [domainStart, domainEnd] = domain;
  const [rangeStart, rangeEnd] = range;
  const span = domainEnd - domainStart;
  return {
    domain,
    range,
    map(value) {
      if (span === 0 || !Number.isFinite(span)) return (rangeStart + rangeEnd) / 2;
      return rangeStart + ((value - domainStart) / span) * (rangeEnd - rangeStart);
    },
    ticks(count) {
      return niceTicks(domainStart, domainEnd, count);
    },
  };
}
