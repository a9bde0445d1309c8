import type { RoleUsage } from '@forge/method';
import type { EvaluatedExecution } from '@forge/program';
import type { GenerateResult } from '@forge/provider';

/** Usage totals by role, as a method's state keeps them. */
export type UsageByRole = Readonly<Record<string, RoleUsage>>;

/** Adds one role's calls, tokens and cost to the totals (returns a new object). */
export function addUsage(
  totals: UsageByRole,
  role: string,
  entry: { calls: number; inputTokens: number; outputTokens: number; costUsd: number },
): UsageByRole {
  const current = totals[role] ?? { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 };
  return {
    ...totals,
    [role]: {
      calls: current.calls + entry.calls,
      inputTokens: current.inputTokens + entry.inputTokens,
      outputTokens: current.outputTokens + entry.outputTokens,
      costUsd: current.costUsd + entry.costUsd,
    },
  };
}

/** Adds a batch of task evaluations (one call counted per evaluation, as the core counts them). */
export function addTaskUsage(
  totals: UsageByRole,
  evaluations: readonly EvaluatedExecution[],
): UsageByRole {
  let inputTokens = 0;
  let outputTokens = 0;
  for (const evaluated of evaluations) {
    inputTokens += evaluated.execution.usage?.inputTokens ?? 0;
    outputTokens += evaluated.execution.usage?.outputTokens ?? 0;
  }
  return addUsage(totals, 'task', {
    calls: evaluations.length,
    inputTokens,
    outputTokens,
    costUsd: 0,
  });
}

/** Adds one optimizer-side call. */
export function addCallUsage(
  totals: UsageByRole,
  role: string,
  result: GenerateResult,
): UsageByRole {
  return addUsage(totals, role, {
    calls: 1,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    costUsd: result.costUsd ?? 0,
  });
}
