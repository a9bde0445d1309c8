import { describe, expect, it } from 'vitest';
import {
  formatAdmissionRate,
  formatCompact,
  formatCount,
  formatDuration,
  formatPercent,
  formatQuantity,
  formatScore,
  formatUsd,
} from './format-value.js';

describe('format-value', () => {
  it('formats scores by scale and dashes unknown ones', () => {
    expect(formatScore(0.71349)).toBe('0.713');
    expect(formatScore(1)).toBe('1.000');
    expect(formatScore(72.184)).toBe('72.18');
    expect(formatScore(undefined)).toBe('—');
    expect(formatScore(Number.NaN)).toBe('—');
  });

  it('groups thousands without depending on the locale', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-1200.4)).toBe('-1,200');
    expect(formatCount(Number.NaN)).toBe('0');
  });

  it('shortens large counts', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(12_345)).toBe('12.3k');
    expect(formatCompact(4_500_000)).toBe('4.5M');
  });

  it('keeps sub-cent costs visible', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.0042)).toBe('$0.0042');
    expect(formatUsd(12.345)).toBe('$12.35');
  });

  it('formats shares as percentages', () => {
    expect(formatPercent(0.4213)).toBe('42%');
    expect(formatPercent(0.0421)).toBe('4.2%');
    expect(formatPercent(0.00123)).toBe('0.12%');
    expect(formatPercent(0)).toBe('0%');
  });

  it('puts nouns in the right number', () => {
    expect(formatQuantity(1, 'candidate')).toBe('1 candidate');
    expect(formatQuantity(0, 'candidate')).toBe('0 candidates');
    expect(formatQuantity(1200, 'failure mode')).toBe('1,200 failure modes');
    expect(formatQuantity(2, 'generation', 'generations')).toBe('2 generations');
  });

  it('labels admission rates and survives zero attempts', () => {
    expect(formatAdmissionRate(22, 30)).toBe('22/30 (73%)');
    expect(formatAdmissionRate(0, 0)).toBe('0/0 (—)');
  });

  it('formats wall times from tenths of a second to hours', () => {
    expect(formatDuration(840)).toBe('0.8 s');
    expect(formatDuration(42_400)).toBe('42 s');
    expect(formatDuration(184_000)).toBe('3 min 04 s');
    expect(formatDuration(7_500_000)).toBe('2 h 05 min');
    expect(formatDuration(Number.NaN)).toBe('—');
    expect(formatDuration(-1)).toBe('—');
  });
});
