import type { Usage } from '@forge/provider';

/** Token and cost totals of one role. */
export interface RoleUsage {
  /** Model calls made. */
  readonly calls: number;
  /** Prompt tokens. */
  readonly inputTokens: number;
  /** Completion tokens. */
  readonly outputTokens: number;
  /** Cost in USD, as reported by the models' cost meter (0 when unknown). */
  readonly costUsd: number;
}

/** Usage totals by role (`task`, `reflect`, `assign`, `generate`, `verify`). */
export type UsageTotals = Readonly<Record<string, RoleUsage>>;

/** One usage observation to add to the totals. */
export interface UsageEntry {
  /** The role that made the call(s). */
  readonly role: string;
  /** Number of calls. */
  readonly calls: number;
  /** Token counts. */
  readonly usage: Usage;
  /** Cost, when known. */
  readonly costUsd?: number;
}

/** Adds usage entries to totals (returns a new object). */
export function addUsageTotals(totals: UsageTotals, entries: readonly UsageEntry[]): UsageTotals {
  if (entries.length === 0) return totals;
  const next: Record<string, RoleUsage> = { ...totals };
  for (const entry of entries) {
    const current = next[entry.role] ?? { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 };
    next[entry.role] = {
      calls: current.calls + entry.calls,
      inputTokens: current.inputTokens + entry.usage.inputTokens,
      outputTokens: current.outputTokens + entry.usage.outputTokens,
      costUsd: current.costUsd + (entry.costUsd ?? 0),
    };
  }
  return next;
}

/** Sums the optimizer-side roles (everything but `task`). */
export function optimizerTotals(totals: UsageTotals): RoleUsage {
  let calls = 0;
  let inputTokens = 0;
  let outputTokens = 0;
  let costUsd = 0;
  for (const [role, usage] of Object.entries(totals)) {
    if (role === 'task') continue;
    calls += usage.calls;
    inputTokens += usage.inputTokens;
    outputTokens += usage.outputTokens;
    costUsd += usage.costUsd;
  }
  return { calls, inputTokens, outputTokens, costUsd };
}
