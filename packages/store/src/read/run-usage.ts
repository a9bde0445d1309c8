import { flushDeferredWrites } from '../deferred-writes.js';
import type { RunDatabase } from '../open-run-database.js';

/** What one role (or the whole run) spent, summed over every invocation of the run. */
export interface RunRoleUsage {
  /** Calls that reached the provider (failed ones included). */
  readonly calls: number;
  /** Calls answered from the run's response cache: no tokens billed, no cost. */
  readonly cachedCalls: number;
  /** Prompt tokens billed (cache hits excluded). */
  readonly inputTokens: number;
  /** Completion tokens billed, reasoning included (cache hits excluded). */
  readonly outputTokens: number;
  /** Prompt tokens the provider served from its prompt cache (part of `inputTokens`). */
  readonly cachedInputTokens: number;
  /** Completion tokens spent on hidden reasoning (part of `outputTokens`). */
  readonly reasoningTokens: number;
  /** The billed tokens at the role's model's price, in USD (0 for unpriced models). */
  readonly costUsd: number;
}

/** A run's cumulative usage: the total and the roles, which add up to it. */
export interface RunUsage {
  /** Every call of the run. */
  readonly total: RunRoleUsage;
  /** By role (`task`, `reflect`, `assign`, `generate`, `verify`, a peer method's own roles). */
  readonly byRole: Readonly<Record<string, RunRoleUsage>>;
}

/** The role of calls whose request named none. */
export const unassignedUsageRole = 'unassigned';

interface UsageRow {
  role: string;
  calls: number;
  cachedCalls: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  reasoningTokens: number;
  costUsd: number;
}

/**
 * Reads what a run spent from its `model_calls` table: every call any invocation of the run made
 * (a stopped and resumed run counts all of them, so a resume never lowers the figure), by the role
 * its request named. Calls still queued for writing are written first. Cache hits are counted
 * apart and bill nothing.
 */
export function readRunUsage(database: RunDatabase): RunUsage {
  if (!database.readonly) flushDeferredWrites(database);
  const rows = database
    .prepare(
      `SELECT coalesce(role, '${unassignedUsageRole}') AS role,
        coalesce(sum(cached = 0), 0) AS calls,
        coalesce(sum(cached <> 0), 0) AS cachedCalls,
        coalesce(sum(CASE WHEN cached = 0 THEN input_tokens END), 0) AS inputTokens,
        coalesce(sum(CASE WHEN cached = 0 THEN output_tokens END), 0) AS outputTokens,
        coalesce(sum(CASE WHEN cached = 0 THEN cached_input_tokens END), 0) AS cachedInputTokens,
        coalesce(sum(CASE WHEN cached = 0 THEN reasoning_tokens END), 0) AS reasoningTokens,
        coalesce(sum(CASE WHEN cached = 0 THEN cost_usd END), 0) AS costUsd
       FROM model_calls GROUP BY 1 ORDER BY min(seq)`,
    )
    .all() as UsageRow[];
  const byRole: Record<string, RunRoleUsage> = {};
  let total = emptyRunRoleUsage();
  for (const { role, ...usage } of rows) {
    byRole[role] = usage;
    total = addRunRoleUsage(total, usage);
  }
  return { total, byRole };
}

/** Usage with every count at zero. */
export function emptyRunRoleUsage(): RunRoleUsage {
  return {
    calls: 0,
    cachedCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    cachedInputTokens: 0,
    reasoningTokens: 0,
    costUsd: 0,
  };
}

function addRunRoleUsage(left: RunRoleUsage, right: RunRoleUsage): RunRoleUsage {
  return {
    calls: left.calls + right.calls,
    cachedCalls: left.cachedCalls + right.cachedCalls,
    inputTokens: left.inputTokens + right.inputTokens,
    outputTokens: left.outputTokens + right.outputTokens,
    cachedInputTokens: left.cachedInputTokens + right.cachedInputTokens,
    reasoningTokens: left.reasoningTokens + right.reasoningTokens,
    costUsd: left.costUsd + right.costUsd,
  };
}

/** A model the run called, as `model_calls` records it. */
export interface RunModelName {
  /** Provider name (`openai`, `sim`, a registered provider). */
  readonly provider: string;
  /** Model id at that provider. */
  readonly modelId: string;
}

/**
 * The models whose calls reached the provider and were recorded at no cost, over every invocation
 * of the run (calls still queued for writing are written first): free models, and models with no
 * price, which only the price table tells apart. Failed calls and cache hits bill nothing and are
 * left out. In order of first call.
 */
export function readZeroCostModels(database: RunDatabase): RunModelName[] {
  if (!database.readonly) flushDeferredWrites(database);
  return database
    .prepare(
      `SELECT provider, model AS modelId FROM model_calls
       WHERE cached = 0 AND error IS NULL AND coalesce(cost_usd, 0) = 0
       GROUP BY provider, model ORDER BY min(seq)`,
    )
    .all() as RunModelName[];
}

/**
 * The models each role called, as `provider:model`, over every invocation of the run (calls
 * still queued for writing are written first): by role (`unassigned` for calls that named none),
 * each role's models in order of first call. Cache hits and failed calls count: they name a
 * model the role used.
 */
export function readModelsByRole(database: RunDatabase): Record<string, string[]> {
  if (!database.readonly) flushDeferredWrites(database);
  const rows = database
    .prepare(
      `SELECT coalesce(role, '${unassignedUsageRole}') AS role, provider || ':' || model AS model
       FROM model_calls GROUP BY 1, 2 ORDER BY min(seq)`,
    )
    .all() as { role: string; model: string }[];
  const byRole: Record<string, string[]> = {};
  for (const row of rows) {
    // Own properties whatever the role is called (a role may be `__proto__`).
    if (!Object.hasOwn(byRole, row.role)) {
      Object.defineProperty(byRole, row.role, {
        value: [],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    (byRole[row.role] as string[]).push(row.model);
  }
  return byRole;
}
