import { describe, expect, it } from 'vitest';
import { createScoreColor, rampColor } from './score-color.js';

describe('rampColor', () => {
  it('runs from pale to dark and clamps outside [0, 1]', () => {
    expect(rampColor(0)).toBe('#f7f3e3');
    expect(rampColor(1)).toBe('#1c467a');
    expect(rampColor(-3)).toBe(rampColor(0));
    expect(rampColor(7)).toBe(rampColor(1));
    expect(rampColor(Number.NaN)).toBe(rampColor(0));
  });

  it('gets darker as the position grows', () => {
    const lightness = (color: string) =>
      Number.parseInt(color.slice(1, 3), 16) +
      Number.parseInt(color.slice(3, 5), 16) +
      Number.parseInt(color.slice(5, 7), 16);
    const positions = [0, 0.2, 0.4, 0.6, 0.8, 1];
    const values = positions.map((position) => lightness(rampColor(position)));
    expect([...values].sort((a, b) => b - a)).toEqual(values);
  });
});

describe('createScoreColor', () => {
  it('spreads the reached range over the whole ramp', () => {
    const color = createScoreColor(0.5, 0.7);
    expect(color(0.5)).toBe(rampColor(0));
    expect(color(0.7)).toBe(rampColor(1));
  });

  it('uses the middle of the ramp when all scores are equal', () => {
    expect(createScoreColor(1, 1)(1)).toBe(rampColor(0.5));
  });
});
