import { finiteOr } from './finite-or.js';

// A pale-sand to deep-blue ramp: light means low, dark means high, and it stays legible in
// greyscale print. Stops are [position, red, green, blue].
const stops: readonly (readonly [number, number, number, number])[] = [
  [0, 247, 243, 227],
  [0.33, 190, 220, 200],
  [0.66, 84, 158, 170],
  [1, 28, 70, 122],
];

function hex(channel: number): string {
  return Math.round(channel).toString(16).padStart(2, '0');
}

/** The ramp's colour at `position` in [0, 1] (clamped), as `#rrggbb`. */
export function rampColor(position: number): string {
  const t = Math.min(1, Math.max(0, finiteOr(position, 0)));
  for (let index = 1; index < stops.length; index++) {
    const upper = stops[index]!;
    const lower = stops[index - 1]!;
    if (t <= upper[0]) {
      const local = (t - lower[0]) / (upper[0] - lower[0]);
      const mix = (channel: 1 | 2 | 3) =>
        lower[channel] + (upper[channel] - lower[channel]) * local;
      return `#${hex(mix(1))}${hex(mix(2))}${hex(mix(3))}`;
    }
  }
  return '#1c467a';
}

/**
 * Colours scores relative to `[low, high]`, the range the run reached, so small improvements
 * are visible; with a single value everything takes the middle of the ramp.
 */
export function createScoreColor(low: number, high: number): (score: number) => string {
  const span = high - low;
  return (score) => rampColor(span > 0 ? (score - low) / span : 0.5);
}
