import type { Usage, UsageMeter } from '@forge/provider';
import { defaultPriceTable } from './default-price-table.js';
import { findModelPrice, mergePriceTables, type PriceTable, priceUsage } from './price-table.js';

/** Totals of a group of calls (one role, one model, or all). */
export interface UsageTotal {
  /** Calls that reached the provider. */
  readonly calls: number;
  /** Calls answered from the response cache: no tokens spent, no cost. */
  readonly cachedCalls: number;
  /** Prompt tokens of provider calls, cached ones included. */
  readonly inputTokens: number;
  /** Completion tokens of provider calls, reasoning included. */
  readonly outputTokens: number;
  /** Prompt tokens served from the provider's prompt cache. */
  readonly cachedInputTokens: number;
  /** Prompt tokens written to the provider's prompt cache. */
  readonly cacheWriteTokens: number;
  /** Completion tokens spent on hidden reasoning. */
  readonly reasoningTokens: number;
  /** Cost in US dollars (0 for unpriced models). */
  readonly usd: number;
  /** What the response-cache hits would have cost as provider calls. */
  readonly savedUsd: number;
}

/** Everything the meter has counted. */
export interface CostTotals {
  /** All calls. */
  readonly total: UsageTotal;
  /** Per role (`task`, `reflect`, `assign`, `generate`, `verify`, …). */
  readonly byRole: { readonly [role: string]: UsageTotal };
  /** Per model string (`provider:model`). */
  readonly byModel: { readonly [model: string]: UsageTotal };
  /**
   * Model strings that had calls but no price: their cost counts as 0, so totals understate the
   * spend. Empty when every call was priced.
   */
  readonly unpricedModels: readonly string[];
}

/** What `record` computed for one call. */
export interface CostRecord {
  /** Cost of the call in US dollars (0 for a cache hit or an unpriced model). */
  readonly usd: number;
  /** False when the model has no price in the table. */
  readonly priced: boolean;
}

/** Role used when a call's metadata names none. */
export const unassignedRole = 'unassigned';

/**
 * Counts calls, tokens and dollars per role and per model, pricing usage from a price table:
 * the maintained default merged with the user's overrides.
 */
export class CostMeter implements UsageMeter {
  /** The effective price table. */
  readonly prices: PriceTable;
  private readonly roles = new Map<string, MutableTotal>();
  private readonly models = new Map<string, MutableTotal>();
  private readonly grand = emptyTotal();
  private readonly unpriced = new Set<string>();

  constructor(options: { readonly prices?: PriceTable; readonly useDefaultPrices?: boolean } = {}) {
    this.prices = mergePriceTables(
      options.useDefaultPrices === false ? undefined : defaultPriceTable,
      options.prices,
    );
  }

  /**
   * Counts one call and returns its cost. Cache hits cost nothing and are counted apart. A cost
   * the provider reported (`reportedUsd`) is taken over the table's.
   */
  record(
    role: string | undefined,
    provider: string,
    modelId: string,
    usage: Usage,
    options: { readonly cached?: boolean; readonly reportedUsd?: number } = {},
  ): CostRecord {
    const modelString = `${provider}:${modelId}`;
    const price = findModelPrice(this.prices, provider, modelId);
    const priced = price !== undefined || options.reportedUsd !== undefined;
    const fullCost = options.reportedUsd ?? (price === undefined ? 0 : priceUsage(price, usage));
    const cached = options.cached === true;
    if (!priced && !cached) this.unpriced.add(modelString);
    for (const total of [
      this.grand,
      totalFor(this.roles, role ?? unassignedRole),
      totalFor(this.models, modelString),
    ]) {
      if (cached) {
        total.cachedCalls++;
        total.savedUsd += fullCost;
        continue;
      }
      total.calls++;
      total.inputTokens += usage.inputTokens;
      total.outputTokens += usage.outputTokens;
      total.cachedInputTokens += usage.cachedInputTokens ?? 0;
      total.cacheWriteTokens += usage.cacheWriteTokens ?? 0;
      total.reasoningTokens += usage.reasoningTokens ?? 0;
      total.usd += fullCost;
    }
    return { usd: cached ? 0 : fullCost, priced };
  }

  /** A snapshot of the totals. */
  totals(): CostTotals {
    return {
      total: { ...this.grand },
      byRole: Object.fromEntries([...this.roles].map(([role, total]) => [role, { ...total }])),
      byModel: Object.fromEntries([...this.models].map(([model, total]) => [model, { ...total }])),
      unpricedModels: [...this.unpriced].sort(),
    };
  }
}

type MutableTotal = { -readonly [Key in keyof UsageTotal]: UsageTotal[Key] };

function emptyTotal(): MutableTotal {
  return {
    calls: 0,
    cachedCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    cachedInputTokens: 0,
    cacheWriteTokens: 0,
    reasoningTokens: 0,
    usd: 0,
    savedUsd: 0,
  };
}

function totalFor(map: Map<string, MutableTotal>, key: string): MutableTotal {
  let total = map.get(key);
  if (total === undefined) {
    total = emptyTotal();
    map.set(key, total);
  }
  return total;
}
