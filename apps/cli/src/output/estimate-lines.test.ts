import { describe, expect, it } from 'vitest';
import { estimateLines } from './estimate-lines.js';

describe('estimateLines', () => {
  const roles = [
    {
      role: 'task',
      model: 'openai:gpt-5.5',
      calls: 300,
      inputTokens: 120_000,
      outputTokens: 9_000,
      usd: 1.5,
    },
    { role: 'reflect', model: 'acme:opt', calls: 20, inputTokens: 40_000, outputTokens: 4_000 },
  ];

  it('prints the headline, one row per role, the total naming unpriced models, and assumptions', () => {
    const text = estimateLines('Estimate for forge on sim: up to 300 task evaluations', {
      roles,
      usd: 1.5,
      unpricedModels: ['acme:opt'],
      assumptions: ['every minibatch is evaluated in full'],
    } as Parameters<typeof estimateLines>[1]);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('Estimate for forge on sim: up to 300 task evaluations');
    expect(text).toMatch(/task\s+openai:gpt-5\.5\s+300\s+120000\s+9000\s+\$1\.50/);
    expect(text).toMatch(/reflect\s+acme:opt\s+20\s+40000\s+4000\s+no price/);
    expect(text).toContain('total: $1.50 (no price for acme:opt; counted as $0)');
    expect(lines.slice(-2)).toEqual(['assumptions:', '  - every minibatch is evaluated in full']);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('says nothing about prices when every model has one', () => {
    const text = estimateLines('Estimate for 2 cell(s): up to 600 task evaluations', {
      roles: roles.slice(0, 1),
      usd: 1.5,
      unpricedModels: [],
      assumptions: [],
    } as Parameters<typeof estimateLines>[1]);
    expect(text).toContain('total: $1.50\n');
    expect(text).not.toContain('no price');
  });
});
