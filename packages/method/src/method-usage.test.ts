import { describe, expect, it } from 'vitest';
import { optimizerUsage } from './method-usage.js';

describe('optimizerUsage', () => {
  it('sums every role but task', () => {
    expect(
      optimizerUsage({
        task: { calls: 100, inputTokens: 1000, outputTokens: 1000, costUsd: 1 },
        reflect: { calls: 2, inputTokens: 20, outputTokens: 5, costUsd: 0.5 },
        curate: { calls: 3, inputTokens: 30, outputTokens: 7, costUsd: 0.25 },
      }),
    ).toEqual({ calls: 5, inputTokens: 50, outputTokens: 12, costUsd: 0.75 });
  });
});
