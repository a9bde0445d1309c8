import { describe, expect, it } from 'vitest';
import { estimateLines, expectedLines, overCapLines } from './estimate-lines.js';

describe('estimateLines', () => {
  const roles = [
    {
      role: 'task',
      model: 'openai:gpt-5.5',
      calls: 300,
      inputTokens: 120_000,
      outputTokens: 9_000,
      usd: 1.5,
      wallSeconds: 5400,
    },
    {
      role: 'reflect',
      model: 'acme:opt',
      calls: 20,
      inputTokens: 40_000,
      outputTokens: 4_000,
      wallSeconds: 45,
    },
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
    expect(text).toMatch(/task\s+openai:gpt-5\.5\s+300\s+120,000\s+9,000\s+\$1\.50\s+1 h 30 min/);
    expect(text).toMatch(/reflect\s+acme:opt\s+20\s+40,000\s+4,000\s+no price\s+45 s/);
    expect(text).toContain(
      'upper bound total: $1.50 (no price for acme:opt; counted as $0); wall time about 1 h 31 min at the stated throughput',
    );
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
    expect(text).toContain('upper bound total: $1.50; wall time');
    expect(text).not.toContain('no price');
  });

  it('prints a suite by benchmark × method × role when given rows', () => {
    const text = estimateLines('Estimate for 4 cell(s)', {
      roles,
      rows: [
        { ...roles[0], benchmark: 'appworld', method: 'forge', cells: 2 },
        { ...roles[1], benchmark: 'appworld', method: 'forge', cells: 2 },
        { ...roles[0], benchmark: 'aime', method: 'gepa', cells: 2, wallSeconds: 200_000 },
      ],
      usd: 3,
      unpricedModels: [],
      assumptions: [],
    } as Parameters<typeof estimateLines>[1]);
    expect(text).toMatch(/benchmark\s+method\s+role\s+model\s+calls/);
    expect(text).toMatch(/appworld\s+forge\s+task\s+openai:gpt-5\.5\s+300\s+120,000/);
    expect(text).toMatch(
      /aime\s+gepa\s+task\s+openai:gpt-5\.5\s+300\s+120,000\s+9,000\s+\$1\.50\s+2 d 7 h/,
    );
  });
});

describe('expectedLines', () => {
  it('leads with the expected figure and its basis, then the upper bound and where it comes from', () => {
    const text = expectedLines(
      {
        expected: {
          evaluations: 460,
          usd: 1.234,
          wallSeconds: 600,
          basis: ['a typical run to completion', '3.0 task call(s) per evaluation (measured)'],
        },
        evaluations: 100_000,
        usd: 250,
        upperBoundBasis: 'the caps: the budget (100,000)',
      },
      90_000,
    );
    expect(text.trimEnd().split('\n')).toEqual([
      'expected: about 460 task evaluations, $1.23, wall time about 10 min',
      '  - a typical run to completion',
      '  - 3.0 task call(s) per evaluation (measured)',
      'upper bound: 100,000 task evaluations, $250.00, wall time about 25 h — the caps: the budget (100,000); by role:',
    ]);
  });

  it("names each method's share of a suite's expected figure", () => {
    const text = expectedLines(
      {
        expected: {
          evaluations: 920,
          usd: 2,
          wallSeconds: 60,
          methods: [
            { method: 'forge', cells: 1, evaluations: 460, usd: 1.5, basis: 'at completion' },
            { method: 'gepa', cells: 2, evaluations: 460, usd: 0.5, basis: 'at its ceiling' },
          ],
        },
        evaluations: 200_000,
        usd: 900,
        upperBoundBasis: 'the caps',
      },
      60,
    );
    expect(text).toContain('  - forge (1 cell): 460 evaluations, $1.50 — at completion\n');
    expect(text).toContain('  - gepa (2 cells): 460 evaluations, $0.50 — at its ceiling\n');
  });
});

describe('overCapLines', () => {
  it('says nothing when no cell is over a cap', () => {
    expect(overCapLines([], 4)).toBe('');
  });

  it('counts the cells over a cap, says what happens to them, and names each with its figures', () => {
    const text = overCapLines(
      [
        { cell: 'sim/forge/s0', cap: 'cost-cap', limit: 200, estimated: 312.4 },
        { cell: 'sim/forge/s0', cap: 'wall-time', limit: 60, estimated: 90 },
        { cell: 'sim/gepa/s0', cap: 'token-cap', limit: 1_000_000, estimated: 1_250_000 },
      ],
      80,
    );
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^over a cap: 2 of 80 cell\(s\) .*"stopped".*allowTruncatedCeilings/);
    expect(lines.slice(1)).toEqual([
      '  sim/forge/s0: optimizer cost $312.40 > cap $200; wall time 1 h 30 min > cap 60 min',
      '  sim/gepa/s0: optimizer tokens 1,250,000 > cap 1,000,000',
    ]);
  });

  it('names the first 20 cells and says how many more --json lists', () => {
    const many = Array.from({ length: 46 }, (_, index) => ({
      cell: `c${index}`,
      cap: 'step-cap' as const,
      limit: 10,
      estimated: 12,
    }));
    const lines = overCapLines(many, 80).trimEnd().split('\n');
    expect(lines).toHaveLength(1 + 20 + 1);
    expect(lines[1]).toBe('  c0: steps 12 > cap 10');
    expect(lines.at(-1)).toBe('  … and 26 more (--json lists every one under overCaps)');
  });
});
