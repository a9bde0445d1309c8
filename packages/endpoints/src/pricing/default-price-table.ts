import type { PriceTable } from './price-table.js';

/**
 * The day the default prices were compiled from the providers' published list prices
 * (standard tier, short context, 5-minute cache writes). Check the providers' pricing pages and
 * override with `CostMeter`'s `prices` option when they change.
 */
export const defaultPricesDate = '2026-12-02';

/**
 * List prices in US dollars per million tokens for the models Forge is most often run with.
 * Local runtimes and the simulated world cost nothing. Models not listed are priced at 0 and reported as unpriced.
 */
export const defaultPriceTable: PriceTable = {
  'openai:gpt-5.5': {
    inputPerMillion: 5,
    cachedInputPerMillion: 0.5,
    outputPerMillion: 30,
  },
  'openai:gpt-5.5-2*': { inputPerMillion: 5, cachedInputPerMillion: 0.5, outputPerMillion: 30 },
  'openai:gpt-5.5-pro*': { inputPerMillion: 30, outputPerMillion: 180 },
  'openai:gpt-5.4': { inputPerMillion: 2.5, cachedInputPerMillion: 0.25, outputPerMillion: 15 },
  'openai:gpt-5.4-2*': { inputPerMillion: 2.5, cachedInputPerMillion: 0.25, outputPerMillion: 15 },
  'openai:gpt-5.4-mini*': {
    inputPerMillion: 0.75,
    cachedInputPerMillion: 0.075,
    outputPerMillion: 4.5,
  },
  'openai:gpt-5.4-nano*': {
    inputPerMillion: 0.2,
    cachedInputPerMillion: 0.02,
    outputPerMillion: 1.25,
  },
  'openai:gpt-5.4-pro*': { inputPerMillion: 30, outputPerMillion: 180 },
  'openai:gpt-4.1': { inputPerMillion: 2, cachedInputPerMillion: 0.5, outputPerMillion: 8 },
  'openai:gpt-4o-mini*': {
    inputPerMillion: 0.15,
    cachedInputPerMillion: 0.075,
    outputPerMillion: 0.6,
  },
  'anthropic:claude-opus-4-6*': {
    inputPerMillion: 5,
    cachedInputPerMillion: 0.5,
    cacheWritePerMillion: 6.25,
    outputPerMillion: 25,
  },
  'anthropic:claude-opus-4-5*': {
    inputPerMillion: 5,
    cachedInputPerMillion: 0.5,
    cacheWritePerMillion: 6.25,
    outputPerMillion: 25,
  },
  'anthropic:claude-opus-4-1*': {
    inputPerMillion: 15,
    cachedInputPerMillion: 1.5,
    cacheWritePerMillion: 18.75,
    outputPerMillion: 75,
  },
  'anthropic:claude-sonnet-4*': {
    inputPerMillion: 3,
    cachedInputPerMillion: 0.3,
    cacheWritePerMillion: 3.75,
    outputPerMillion: 15,
  },
  'anthropic:claude-haiku-4-5*': {
    inputPerMillion: 1,
    cachedInputPerMillion: 0.1,
    cacheWritePerMillion: 1.25,
    outputPerMillion: 5,
  },
  'ollama:*': { inputPerMillion: 0, outputPerMillion: 0 },
  // GGUF models run in process by llama.cpp (@forge/provider-llama-cpp).
  'local:*': { inputPerMillion: 0, outputPerMillion: 0 },
  // The offline simulated world calls no model at all.
  'sim:*': { inputPerMillion: 0, outputPerMillion: 0 },
};
