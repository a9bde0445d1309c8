import type { BootstrapOutcome } from './bootstrap-outcome.js';
import type { DemoSetSpec } from './demo-set-plan.js';

/**
 * The most program errors one bootstrapped demo set met on its walk: the runs that raised
 * among the instances it walked before it had its count (stopping at the first instance not run
 * yet). DSPy bootstraps each set with its own `BootstrapFewShot`, whose error count starts at 0
 * (bootstrap.py:81, :214–220; one per set, teleprompt/utils.py:377–409), so an instance that
 * raised counts once for every set whose walk reaches it.
 */
export function demoSetErrors(
  specs: readonly DemoSetSpec[],
  outcomes: Readonly<Record<string, BootstrapOutcome>>,
): number {
  let most = 0;
  for (const spec of specs) {
    if (spec.kind !== 'bootstrapped') continue;
    let kept = 0;
    let errors = 0;
    for (const id of spec.order) {
      if (kept >= spec.size) break;
      const outcome = outcomes[id];
      if (outcome === undefined) break;
      if (outcome.error === true) errors += 1;
      else if (outcome.passed) kept += 1;
    }
    most = Math.max(most, errors);
  }
  return most;
}
