import { MemoryCallCache, withCache, withCostMeter } from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { CostMeter } from './cost-meter.js';

const prices = { 'mock:priced': { inputPerMillion: 2, outputPerMillion: 10 } };

describe('withCostMeter', () => {
  it('sets costUsd and counts the call under its role', async () => {
    const meter = new CostMeter({ prices, useDefaultPrices: false });
    const model = new MockLanguageModel({
      modelId: 'priced',
      responses: [{ text: 'x', usage: { inputTokens: 1_000_000, outputTokens: 100_000 } }],
    });
    const result = await withCostMeter(model, meter).generate({
      messages: [{ role: 'user', content: 'q' }],
      metadata: { role: 'reflect' },
    });
    expect(result.costUsd).toBeCloseTo(3, 10);
    expect(meter.totals().byRole['reflect']).toMatchObject({ calls: 1, usd: 3 });
  });

  it('prices cache hits at zero and counts them apart', async () => {
    const meter = new CostMeter({ prices, useDefaultPrices: false });
    const model = new MockLanguageModel({
      modelId: 'priced',
      responses: [{ text: 'x', usage: { inputTokens: 500_000, outputTokens: 0 } }],
    });
    const metered = withCostMeter(withCache(model, new MemoryCallCache()), meter);
    const request = {
      messages: [{ role: 'user' as const, content: 'q' }],
      metadata: { role: 'task' },
    };
    const paid = await metered.generate(request);
    const free = await metered.generate(request);
    expect(paid.costUsd).toBeCloseTo(1, 10);
    expect(free).toMatchObject({ cached: true, costUsd: 0 });
    expect(meter.totals().byRole['task']).toMatchObject({
      calls: 1,
      cachedCalls: 1,
      inputTokens: 500_000,
      usd: 1,
      savedUsd: 1,
    });
  });

  it('keeps a cost the provider reported itself', async () => {
    const meter = new CostMeter({ useDefaultPrices: false });
    const model = new MockLanguageModel({ responses: [{ text: 'x', costUsd: 0.25 }] });
    const result = await withCostMeter(model, meter).generate({ messages: [] });
    expect(result.costUsd).toBe(0.25);
    expect(meter.totals().unpricedModels).toEqual([]);
    expect(meter.totals().total.usd).toBe(0.25);
  });
});
