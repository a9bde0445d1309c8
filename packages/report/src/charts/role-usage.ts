import type { RunReportUsage } from '../data/run-report-data.js';
import { finiteOr } from '../primitives/finite-or.js';

const roleOrder: readonly string[] = ['task', 'reflect', 'assign', 'generate', 'verify'];

/**
 * Usage per role, one row per role (duplicates summed, non-finite or negative numbers as
 * zero), in pipeline order: task, reflect, assign, generate, verify, then other roles by name.
 */
export function usageByRole(usage: readonly RunReportUsage[]): RunReportUsage[] {
  const totals = new Map<string, RunReportUsage>();
  const clean = (value: number) => Math.max(0, finiteOr(value, 0));
  for (const entry of usage) {
    const previous = totals.get(entry.role);
    const unpriced = [
      ...new Set([...(previous?.unpricedModels ?? []), ...(entry.unpricedModels ?? [])]),
    ];
    totals.set(entry.role, {
      ...(unpriced.length === 0 ? {} : { unpricedModels: unpriced.sort() }),
      role: entry.role,
      calls: clean(entry.calls) + (previous?.calls ?? 0),
      inputTokens: clean(entry.inputTokens) + (previous?.inputTokens ?? 0),
      outputTokens: clean(entry.outputTokens) + (previous?.outputTokens ?? 0),
      costUsd: clean(entry.costUsd) + (previous?.costUsd ?? 0),
    });
  }
  const rank = (role: string) => {
    const position = roleOrder.indexOf(role);
    return position === -1 ? roleOrder.length : position;
  };
  return [...totals.values()].sort(
    (a, b) => rank(a.role) - rank(b.role) || a.role.localeCompare(b.role),
  );
}
