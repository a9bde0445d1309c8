import { describe, expect, it } from 'vitest';
import { CostMeter, unassignedRole } from './cost-meter.js';

describe('CostMeter', () => {
  it('keeps totals per role, per model and overall', () => {
    const meter = new CostMeter({
      prices: {
        'openai:gpt-5.5': { inputPerMillion: 5, cachedInputPerMillion: 0.5, outputPerMillion: 30 },
      },
    });
    meter.record('reflect', 'openai', 'gpt-5.5', {
      inputTokens: 2000,
      cachedInputTokens: 1000,
      outputTokens: 500,
      reasoningTokens: 200,
    });
    meter.record('task', 'ollama', 'qwen3:8b', { inputTokens: 100, outputTokens: 10 });
    meter.record(undefined, 'ollama', 'qwen3:8b', { inputTokens: 1, outputTokens: 1 });
    const totals = meter.totals();
    const reflectUsd = (1000 * 5 + 1000 * 0.5 + 500 * 30) / 1_000_000;
    expect(totals.byRole['reflect']).toEqual({
      calls: 1,
      cachedCalls: 0,
      inputTokens: 2000,
      outputTokens: 500,
      cachedInputTokens: 1000,
      cacheWriteTokens: 0,
      reasoningTokens: 200,
      usd: reflectUsd,
      savedUsd: 0,
    });
    expect(totals.byModel['ollama:qwen3:8b']).toMatchObject({ calls: 2, inputTokens: 101, usd: 0 });
    expect(totals.byRole[unassignedRole]?.calls).toBe(1);
    expect(totals.total).toMatchObject({ calls: 3, inputTokens: 2101, usd: reflectUsd });
    expect(totals.unpricedModels).toEqual([]);
  });

  it('prices unknown models at 0 and flags them', () => {
    const meter = new CostMeter();
    const record = meter.record('task', 'openai', 'my-finetune', {
      inputTokens: 10,
      outputTokens: 10,
    });
    expect(record).toEqual({ usd: 0, priced: false });
    expect(meter.totals().unpricedModels).toEqual(['openai:my-finetune']);
  });

  it('counts cache hits apart, at zero cost, with what they saved', () => {
    const meter = new CostMeter({
      prices: { 'x:y': { inputPerMillion: 1_000_000, outputPerMillion: 0 } },
    });
    const record = meter.record(
      'task',
      'x',
      'y',
      { inputTokens: 2, outputTokens: 0 },
      { cached: true },
    );
    expect(record.usd).toBe(0);
    expect(meter.totals().total).toMatchObject({
      calls: 0,
      cachedCalls: 1,
      inputTokens: 0,
      usd: 0,
      savedUsd: 2,
    });
  });

  it('returns snapshots that later calls do not change', () => {
    const meter = new CostMeter();
    const before = meter.totals();
    meter.record('task', 'ollama', 'm', { inputTokens: 1, outputTokens: 1 });
    expect(before.total.calls).toBe(0);
  });
});
