import { InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { defaultPriceTable } from './default-price-table.js';
import { findModelPrice, mergePriceTables, parsePriceTable, priceUsage } from './price-table.js';

describe('findModelPrice', () => {
  const table = {
    'openai:gpt-5.5': { inputPerMillion: 5, outputPerMillion: 30 },
    'openai:gpt-5.5-*': { inputPerMillion: 6, outputPerMillion: 31 },
    'openai:gpt-5.5-pro*': { inputPerMillion: 30, outputPerMillion: 180 },
    'openai:*': { inputPerMillion: 1, outputPerMillion: 1 },
  };

  it('prefers an exact key, then the most specific pattern', () => {
    expect(findModelPrice(table, 'openai', 'gpt-5.5')?.inputPerMillion).toBe(5);
    expect(findModelPrice(table, 'openai', 'gpt-5.5-pro-2026')?.inputPerMillion).toBe(30);
    expect(findModelPrice(table, 'openai', 'gpt-5.5-2026-04-01')?.inputPerMillion).toBe(6);
    expect(findModelPrice(table, 'openai', 'o3')?.inputPerMillion).toBe(1);
    expect(findModelPrice(table, 'anthropic', 'claude')).toBeUndefined();
  });

  it('treats regex characters in patterns literally', () => {
    expect(
      findModelPrice({ 'x:a.b*': { inputPerMillion: 1, outputPerMillion: 1 } }, 'x', 'aXb'),
    ).toBe(undefined);
  });

  it('prices the models the paper uses', () => {
    expect(findModelPrice(defaultPriceTable, 'openai', 'gpt-5.5')).toMatchObject({
      inputPerMillion: 5,
    });
    expect(findModelPrice(defaultPriceTable, 'ollama', 'qwen3:8b')).toMatchObject({
      inputPerMillion: 0,
    });
    expect(findModelPrice(defaultPriceTable, 'anthropic', 'claude-sonnet-4-6')).toMatchObject({
      cacheWritePerMillion: 3.75,
    });
  });
});

describe('priceUsage', () => {
  it('prices uncached input, cache reads, cache writes and output separately', () => {
    const price = {
      inputPerMillion: 3,
      cachedInputPerMillion: 0.3,
      cacheWritePerMillion: 3.75,
      outputPerMillion: 15,
    };
    const usd = priceUsage(price, {
      inputTokens: 1_000_000 + 2_000_000 + 400_000,
      cachedInputTokens: 2_000_000,
      cacheWriteTokens: 400_000,
      outputTokens: 100_000,
    });
    expect(usd).toBeCloseTo(3 + 0.6 + 1.5 + 1.5, 10);
  });

  it('charges cached tokens at the input price when the table has no cache price', () => {
    expect(
      priceUsage(
        { inputPerMillion: 2, outputPerMillion: 0 },
        {
          inputTokens: 1_000_000,
          cachedInputTokens: 500_000,
          outputTokens: 0,
        },
      ),
    ).toBeCloseTo(2, 10);
  });
});

describe('parsePriceTable / mergePriceTables', () => {
  it('accepts a valid table and lets later tables override', () => {
    const user = parsePriceTable({ 'openai:gpt-5.5': { inputPerMillion: 1, outputPerMillion: 2 } });
    const merged = mergePriceTables(defaultPriceTable, user);
    expect(merged['openai:gpt-5.5']).toEqual({ inputPerMillion: 1, outputPerMillion: 2 });
    expect(merged['ollama:*']).toBeDefined();
  });

  it('names the source, entry and field of a bad table', () => {
    let caught: unknown;
    try {
      parsePriceTable(
        { 'openai:x': { inputPerMillion: -1, outputPerMillion: 1 } },
        'forge.yaml prices',
      );
    } catch (error) {
      caught = error;
    }
    expect(InvalidArgumentError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toContain('forge.yaml prices → openai:x.inputPerMillion');
    expect(() =>
      parsePriceTable({ 'no-colon': { inputPerMillion: 1, outputPerMillion: 1 } }),
    ).toThrow('provider:model');
    expect(() =>
      parsePriceTable({ 'a:b': { inputPerMillion: 1, outputPerMillion: 1, extra: 1 } }),
    ).toThrow(InvalidArgumentError);
  });
});
