import { niceDomain } from './linear-scale.js';

// Below this span a score axis would magnify noise (and a single value has no span at all).
const minimumSpan = 0.1;

/**
 * The score-axis interval for a set of scores: round ends, a little headroom, never narrower
 * than 0.1, and clamped to [0, 1] when every score lies there (the usual mean of a 0–1 metric).
 */
export function scoreDomain(scores: readonly number[]): [number, number] {
  const finite = scores.filter((score) => Number.isFinite(score));
  if (finite.length === 0) return [0, 1];
  let low = Math.min(...finite);
  let high = Math.max(...finite);
  const unitInterval = low >= 0 && high <= 1;
  const padding = (high - low) * 0.08;
  low -= padding;
  high += padding;
  const scale = unitInterval ? 1 : Math.max(1, Math.abs(high));
  if (high - low < minimumSpan * scale) {
    const middle = (low + high) / 2;
    low = middle - (minimumSpan * scale) / 2;
    high = middle + (minimumSpan * scale) / 2;
  }
  if (unitInterval) {
    if (low < 0) [low, high] = [0, Math.min(1, high - low)];
    if (high > 1) [low, high] = [Math.max(0, low - (high - 1)), 1];
  } else if (Math.min(...finite) >= 0) {
    low = Math.max(0, low);
  }
  // Widening can change the round step, so repeat until both ends sit on ticks of the same step.
  let domain: [number, number] = [low, high];
  for (let pass = 0; pass < 4; pass++) {
    const [niceLow, niceHigh] = niceDomain(domain[0], domain[1], 5);
    const next: [number, number] = unitInterval
      ? [Math.max(0, niceLow), Math.min(1, niceHigh)]
      : [niceLow, niceHigh];
    if (next[0] === domain[0] && next[1] === domain[1]) break;
    domain = next;
  }
  return domain;
}
