/** Token and cost totals of one role. */
export interface RoleUsage {
  /** Model calls made. */
  readonly calls: number;
  /** Prompt tokens. */
  readonly inputTokens: number;
  /** Completion tokens. */
  readonly outputTokens: number;
  /** Cost in USD as the host's cost meter priced it (0 when the model has no price). */
  readonly costUsd: number;
}

/** Usage by role: `task` plus every optimizer-side role the method called. */
export type MethodUsage = Readonly<Record<string, RoleUsage>>;

/** The sum of every role but `task`: what the optimizer side spent. */
export function optimizerUsage(usage: MethodUsage): RoleUsage {
  let calls = 0;
  let inputTokens = 0;
  let outputTokens = 0;
  let costUsd = 0;
  for (const [role, totals] of Object.entries(usage)) {
    if (role === 'task') continue;
    calls += totals.calls;
    inputTokens += totals.inputTokens;
    outputTokens += totals.outputTokens;
    costUsd += totals.costUsd;
  }
  return { calls, inputTokens, outputTokens, costUsd };
}
