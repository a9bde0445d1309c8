import type { Demonstration, EvaluatedExecution } from '@forge/program';
import type { MiproSettings } from '../settings/mipro-settings.js';

/** What one bootstrapping run of the seed program on a training instance left. */
export interface BootstrapOutcome {
  /** Its score. */
  readonly score: number;
  /** True when the score reached the metric threshold: only then are its demonstrations used. */
  readonly passed: boolean;
  /** Per module, the demonstration of its last invocation in the run (when the program records them). */
  readonly demonstrations: Readonly<Record<string, Demonstration>>;
  /** True when the program raised instead of finishing the run (with `maxErrors`). */
  readonly error?: true;
}

/**
 * The threshold a bootstrapping run's score is held to: the `metricThreshold` setting, except
 * that under `reference` a threshold of 0 is none, as DSPy tests `if self.metric_threshold:`
 * (bootstrap.py:207) and so keeps only runs whose metric is truthy (above 0).
 */
export function bootstrapThreshold(
  settings: Pick<MiproSettings, 'profile' | 'metricThreshold'>,
): number | null {
  return settings.profile === 'reference' && settings.metricThreshold === 0
    ? null
    : settings.metricThreshold;
}

/**
 * The outcome of one bootstrapping run. A module invoked several times in one run contributes
 * its last invocation (the reference draws between the last and an earlier one at random).
 */
export function bootstrapOutcome(
  evaluated: EvaluatedExecution,
  threshold: number | null,
): BootstrapOutcome {
  const demonstrations: Record<string, Demonstration> = {};
  for (const entry of evaluated.execution.trace) {
    if (entry.demonstration !== undefined) {
      demonstrations[entry.module] = { ...entry.demonstration, instanceId: evaluated.instance.id };
    }
  }
  return {
    score: evaluated.evaluation.score,
    // Without a threshold DSPy keeps any truthy metric value (bootstrap.py:207–210).
    passed:
      threshold === null ? evaluated.evaluation.score > 0 : evaluated.evaluation.score >= threshold,
    demonstrations,
  };
}
