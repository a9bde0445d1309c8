import { findModelPrice } from '@forge/endpoints';
import { readZeroCostModels, type SqliteRunStore } from '@forge/store';
import type { RunModels } from './run-models.js';

/** The run-directory meta key that keeps the unpriced models of earlier invocations. */
const unpricedCallsKey = 'unpriced_calls';

/**
 * The models without a price that had calls in any invocation of the run: this invocation's
 * meter, what earlier invocations recorded at their end, and — for an invocation that was killed
 * before its end — the calls `forge.db` holds at no cost from a model the price table does not
 * know. Saved back, so the list never shrinks on a later resume.
 */
export function runUnpricedModels(store: SqliteRunStore, models: RunModels): string[] {
  const earlier = parseStringList(store.getMeta(unpricedCallsKey));
  const meter = models.costMeter.totals();
  const recorded = readZeroCostModels(store.database)
    .filter(({ provider, modelId }) => {
      const name = `${provider}:${modelId}`;
      // This invocation's meter knows whether it priced the model (a cost the model reported
      // counts as priced); otherwise only the price table can tell.
      if ((meter.byModel[name]?.calls ?? 0) > 0) return meter.unpricedModels.includes(name);
      return findModelPrice(models.costMeter.prices, provider, modelId) === undefined;
    })
    .map(({ provider, modelId }) => `${provider}:${modelId}`);
  const all = [...new Set([...earlier, ...meter.unpricedModels, ...recorded])].sort();
  if (all.length > earlier.length) store.setMeta(unpricedCallsKey, JSON.stringify(all));
  return all;
}

function parseStringList(text: string | undefined): string[] {
  if (text === undefined) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
