import { InvalidArgumentError, type Usage } from '@forge/provider';
import { z } from 'zod';

/** Prices of one model in US dollars per million tokens. */
export interface ModelPrice {
  /** Uncached prompt tokens. */
  readonly inputPerMillion: number;
  /** Completion tokens, reasoning included. */
  readonly outputPerMillion: number;
  /** Prompt tokens read from the provider's prompt cache. Default: the input price. */
  readonly cachedInputPerMillion?: number;
  /** Prompt tokens written to the provider's prompt cache. Default: the input price. */
  readonly cacheWritePerMillion?: number;
}

/**
 * Prices keyed by `provider:model` pattern. A pattern is a model string in which `*` matches any
 * run of characters (`anthropic:claude-sonnet-4*`). Exact keys win; among patterns, the one
 * with the most literal characters wins.
 */
export type PriceTable = { readonly [pattern: string]: ModelPrice };

const modelPriceSchema = z.strictObject({
  inputPerMillion: z.number().nonnegative(),
  outputPerMillion: z.number().nonnegative(),
  cachedInputPerMillion: z.number().nonnegative().optional(),
  cacheWritePerMillion: z.number().nonnegative().optional(),
});

const patternShape = /^[a-z*][a-z0-9_*-]*:.+$/i;

/**
 * Validates a price table from a config file or the command line. Throws
 * `InvalidArgumentError` naming the source and the offending entry and field.
 */
export function parsePriceTable(input: unknown, source = 'prices'): PriceTable {
  const fail = (where: string, message: string): never => {
    throw new InvalidArgumentError({
      argument: source,
      message: `${source}${where === '' ? '' : ` → ${where}`}: ${message}`,
    });
  };
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    fail('', 'expected an object mapping "provider:model" patterns to prices');
  }
  const table: Record<string, ModelPrice> = {};
  for (const [pattern, value] of Object.entries(input as Record<string, unknown>)) {
    if (!patternShape.test(pattern)) {
      fail(pattern, 'expected a "provider:model" pattern, e.g. "openai:gpt-5.5" or "ollama:*"');
    }
    const parsed = modelPriceSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.map(String).join('.') ?? '';
      fail(field === '' ? pattern : `${pattern}.${field}`, issue?.message ?? 'invalid price');
    }
    table[pattern] = parsed.data as ModelPrice;
  }
  return table;
}

/** Merges price tables; later tables override earlier ones key by key. */
export function mergePriceTables(...tables: readonly (PriceTable | undefined)[]): PriceTable {
  return Object.assign({}, ...tables.filter((table) => table !== undefined));
}

/** The price of `provider:modelId` in `table`, or `undefined` when no key matches. */
export function findModelPrice(
  table: PriceTable,
  provider: string,
  modelId: string,
): ModelPrice | undefined {
  const modelString = `${provider}:${modelId}`;
  const exact = table[modelString];
  if (exact !== undefined) return exact;
  let best: { price: ModelPrice; literal: number } | undefined;
  for (const [pattern, price] of Object.entries(table)) {
    if (!pattern.includes('*') || !patternToRegExp(pattern).test(modelString)) continue;
    const literal = pattern.replaceAll('*', '').length;
    if (best === undefined || literal > best.literal) best = { price, literal };
  }
  return best?.price;
}

/** Cost of `usage` at `price`, in US dollars. */
export function priceUsage(price: ModelPrice, usage: Usage): number {
  const cachedInput = usage.cachedInputTokens ?? 0;
  const cacheWrite = usage.cacheWriteTokens ?? 0;
  const uncachedInput = Math.max(0, usage.inputTokens - cachedInput - cacheWrite);
  const dollars =
    uncachedInput * price.inputPerMillion +
    cachedInput * (price.cachedInputPerMillion ?? price.inputPerMillion) +
    cacheWrite * (price.cacheWritePerMillion ?? price.inputPerMillion) +
    usage.outputTokens * price.outputPerMillion;
  return dollars / 1_000_000;
}

const patternCache = new Map<string, RegExp>();

function patternToRegExp(pattern: string): RegExp {
  let compiled = patternCache.get(pattern);
  if (compiled === undefined) {
    const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
    compiled = new RegExp(`^${escaped.join('.*')}$`);
    patternCache.set(pattern, compiled);
  }
  return compiled;
}
