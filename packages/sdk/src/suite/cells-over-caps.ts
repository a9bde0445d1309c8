import type { SuiteStopCause } from '@forge/suite';
import type { RunEstimate } from '../estimate/estimate-run.js';
import type { SuiteBudget } from './cell-stop.js';

/** A cell whose estimate goes past one of the suite's per-cell caps: the cap would stop it short. */
export interface SuiteCapExcess {
  /** The cell id. */
  readonly cell: string;
  /** The cap its estimate exceeds (one entry per cap it exceeds). */
  readonly cap: Extract<SuiteStopCause, 'cost-cap' | 'token-cap' | 'step-cap' | 'wall-time'>;
  /** The cap's value: USD, tokens, steps or minutes. */
  readonly limit: number;
  /** The estimate in the same unit. */
  readonly estimated: number;
}

/**
 * The cells whose estimate exceeds a per-cell cap of the suite — the optimizer roles' USD
 * (`maxOptimizerCostUsd`; every role but the task's) or tokens (`maxOptimizerTokens`), Forge's
 * steps (`maxSteps`), the cell's wall time at the stated throughput (`maxWallTimeMinutes`) —
 * in the order given, one entry per cap exceeded. Such a cell would end `stopped` (a truncated
 * run), and a reference among them would leave its row's aligned cells refused. Priceless
 * roles count $0 here as in the estimate.
 */
export function cellsOverCaps(
  estimates: readonly { readonly cell: { readonly id: string }; readonly estimate: RunEstimate }[],
  budget: Partial<SuiteBudget>,
): SuiteCapExcess[] {
  const excesses: SuiteCapExcess[] = [];
  for (const { cell, estimate } of estimates) {
    const optimizer = estimate.roles.filter(
      (role) => role.role !== 'task' && !role.role.startsWith('task.'),
    );
    const figures: readonly [SuiteCapExcess['cap'], number | undefined, number][] = [
      [
        'cost-cap',
        budget.maxOptimizerCostUsd,
        optimizer.reduce((sum, role) => sum + (role.usd ?? 0), 0),
      ],
      [
        'token-cap',
        budget.maxOptimizerTokens,
        optimizer.reduce((sum, role) => sum + role.inputTokens + role.outputTokens, 0),
      ],
      ['step-cap', budget.maxSteps, estimate.steps],
      [
        'wall-time',
        budget.maxWallTimeMinutes,
        estimate.roles.reduce((sum, role) => sum + role.wallSeconds, 0) / 60,
      ],
    ];
    for (const [cap, limit, estimated] of figures) {
      if (limit !== undefined && estimated > limit)
        excesses.push({ cell: cell.id, cap, limit, estimated });
    }
  }
  return excesses;
}
