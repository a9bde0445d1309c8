import type { ForgeRunEndEvent, OptimizeResult } from '@forge/sdk';
import { describe, expect, it } from 'vitest';
import { recordingTerminal } from './__fixtures__/recording-terminal.js';
import { printRunSummary } from './run-summary.js';

function roleUsage(calls: number, cachedCalls: number, costUsd: number) {
  return {
    calls,
    cachedCalls,
    inputTokens: calls * 100,
    outputTokens: calls * 10,
    cachedInputTokens: 0,
    reasoningTokens: 0,
    costUsd,
  };
}

/** A GEPA run's end, as the `run-end` event carries it. */
const runEnd: ForgeRunEndEvent = {
  type: 'run-end',
  reason: 'budget exhausted',
  runDir: '/runs/gepa',
  method: 'gepa',
  seedScore: 0.4,
  bestScore: 0.6,
  bestCandidate: 3,
  evaluationsUsed: 400,
  maxEvaluations: 400,
  steps: 12,
  candidates: 5,
  synthesisEvents: 0,
  admitted: 0,
  testSeedScore: 0.35,
  testBestScore: 0.55,
  costUsd: 0.3375,
  usage: {
    task: roleUsage(640, 12, 0.24),
    reflect: roleUsage(19, 0, 0.0975),
  },
  answers: {
    reflect: { total: 19, unusable: 6, reasons: { truncated: 4, 'no-block': 2 } },
    merge: { total: 3, unusable: 0, reasons: {} },
  },
  unpricedModels: [],
  warnings: [],
  simulated: true,
};

function summaryOf(event: ForgeRunEndEvent): string[] {
  const { type: _type, ...end } = event;
  const result: OptimizeResult = {
    ...end,
    bestPrompts: {},
    files: [],
    result: {} as OptimizeResult['result'],
    extraTraining: 0,
  };
  const { terminal, out } = recordingTerminal({ CI: 'true' });
  printRunSummary(terminal, 'plain', result);
  return out().split('\n');
}

describe('printRunSummary', () => {
  it('prints the cost by role and the optimizer answers of the run-end event', () => {
    const lines = summaryOf(runEnd);
    expect(lines).toContain('12 steps, 5 candidates, 400 task evaluations, cost $0.34');
    expect(lines).toContain('by role: task $0.24 (640 calls, 12 cached), reflect $0.10 (19 calls)');
    expect(lines).toContain(
      'optimizer answers: reflect 19 (6 unusable: truncated 4, no-block 2); merge 3 (0 unusable)',
    );
  });

  it('says a run stopped at a perfect score, and which flag keeps searching', () => {
    const reason = 'perfect score (best candidate #3 scored 1.000 on validation)';
    expect(summaryOf({ ...runEnd, method: 'forge', reason })).toContain(
      'stopped: perfect score (best candidate #3 scored 1.000 on validation): the maximum, reached before the budget; --no-perfect-stop keeps searching',
    );
    expect(summaryOf(runEnd)).toContain('stopped: budget exhausted');
  });

  it('leaves both lines out when the run recorded no usage and no answers', () => {
    const lines = summaryOf({ ...runEnd, costUsd: 0, usage: {}, answers: {} });
    expect(lines.some((line) => line.startsWith('by role:'))).toBe(false);
    expect(lines.some((line) => line.startsWith('optimizer answers:'))).toBe(false);
    expect(lines).toContain('12 steps, 5 candidates, 400 task evaluations, cost $0.00');
  });
});
