import type { Usage } from '@forge/provider';
import type { MethodUsage, RoleUsage } from './method-usage.js';

/** What one or more model calls of a role spent. */
export interface RoleSpend {
  /** Calls made (default 1). */
  readonly calls?: number;
  /** Their token counts, when the model reported them. */
  readonly usage?: Usage;
  /** Their price in USD, when the cost meter priced them. */
  readonly costUsd?: number;
}

/**
 * Adds what a role spent to a usage table and returns the new table (the input is not
 * changed, so it can live in a method's saved state).
 */
export function addRoleUsage(totals: MethodUsage, role: string, spend: RoleSpend): MethodUsage {
  const previous: RoleUsage = totals[role] ?? {
    calls: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
  };
  return {
    ...totals,
    [role]: {
      calls: previous.calls + (spend.calls ?? 1),
      inputTokens: previous.inputTokens + (spend.usage?.inputTokens ?? 0),
      outputTokens: previous.outputTokens + (spend.usage?.outputTokens ?? 0),
      costUsd: previous.costUsd + (spend.costUsd ?? 0),
    },
  };
}
