import { describe, expect, it } from 'vitest';
import { createLogScale, shareDomain } from './log-scale.js';

describe('createLogScale', () => {
  it('places each decade an equal distance apart', () => {
    const scale = createLogScale([0.001, 1], [300, 0]);
    expect(scale.map(1)).toBeCloseTo(0);
    expect(scale.map(0.1)).toBeCloseTo(100);
    expect(scale.map(0.01)).toBeCloseTo(200);
    expect(scale.map(0.001)).toBeCloseTo(300);
    expect(scale.map(Math.sqrt(0.1))).toBeCloseTo(50);
  });

  it('clamps zero, negative and NaN values to the start instead of writing NaN', () => {
    const scale = createLogScale([0.01, 1], [200, 0]);
    expect(scale.map(0)).toBe(200);
    expect(scale.map(-1)).toBe(200);
    expect(scale.map(Number.NaN)).toBe(200);
  });

  it('ticks powers of ten over wide domains and 1-2-5 steps up to three decades', () => {
    expect(createLogScale([0.0001, 1], [0, 1]).ticks()).toEqual([0.0001, 0.001, 0.01, 0.1, 1]);
    expect(createLogScale([0.01, 1], [0, 1]).ticks()).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1]);
    expect(createLogScale([0.05, 1], [0, 1]).ticks()).toEqual([0.05, 0.1, 0.2, 0.5, 1]);
  });

  it('falls back to a one-decade domain when the given one is unusable', () => {
    const scale = createLogScale([0, 1], [100, 0]);
    expect(scale.domain).toEqual([0.1, 1]);
    expect(scale.map(0.1)).toBe(100);
  });
});

describe('shareDomain', () => {
  it('starts at a round value below the smallest share and ends at 100%', () => {
    expect(shareDomain([0.5, 0.3, 0.012])).toEqual([0.005, 1]);
    expect(shareDomain([0.1, 0.9])).toEqual([0.05, 1]);
  });

  it('spans at least one decade, even for a single mode holding every failure', () => {
    expect(shareDomain([1])).toEqual([0.1, 1]);
    expect(shareDomain([])).toEqual([0.1, 1]);
    expect(shareDomain([0, Number.NaN])).toEqual([0.1, 1]);
  });
});
