import { describe, expect, it } from 'vitest';
import { benchmarkLabel, methodLabel } from './suite-labels.js';

describe('methodLabel', () => {
  const labels = {
    methods: { ace: 'ACE', mipro: 'MIPROv2', gepa: 'GEPA' },
    profiles: { ace: 'reference', mipro: 'reference' },
  };

  it('names the profile of a method that ran with a non-default one', () => {
    expect(methodLabel(labels, 'ace')).toBe('ACE (reference)');
    expect(methodLabel(labels, 'mipro')).toBe('MIPROv2 (reference)');
  });

  it('keeps the plain title of a method with its default profile', () => {
    expect(methodLabel(labels, 'gepa')).toBe('GEPA');
    expect(methodLabel({ methods: { ace: 'ACE' } }, 'ace')).toBe('ACE');
  });

  it('falls back to the id, still naming the profile', () => {
    expect(methodLabel({ profiles: { mine: 'fast' } }, 'mine')).toBe('mine (fast)');
    expect(methodLabel(undefined, 'mine')).toBe('mine');
  });

  it('reads only the labels’ own entries', () => {
    expect(methodLabel(labels, 'constructor')).toBe('constructor');
  });
});

describe('benchmarkLabel', () => {
  it('names a benchmark by its title, else its id', () => {
    expect(benchmarkLabel({ benchmarks: { hotpotqa: 'HotPotQA' } }, 'hotpotqa')).toBe('HotPotQA');
    expect(benchmarkLabel(undefined, 'hover')).toBe('hover');
  });
});
