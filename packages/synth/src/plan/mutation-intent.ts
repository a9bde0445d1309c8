/**
 * How a synthetic example relates to its seed:
 * - `positive`, `negative`, `boundary`, `stress`: the paper's four mutation intents (A.6);
 * - `generic`: "a new example for this failure mode" (the failure-memory ablation, §10);
 * - `random`: a new example of the task from a random training instance (random-synthesis ablation).
 */
export type MutationIntent = 'positive' | 'negative' | 'boundary' | 'stress' | 'generic' | 'random';

/** The global intent cycle Ω, in order. */
export const mutationIntentCycle: readonly MutationIntent[] = [
  'positive',
  'negative',
  'boundary',
  'stress',
];

/**
 * The intent of the `seedIndex`-th seed of an event (0-based over the whole seed list, across
 * modes): the cycle restarts at `positive` with every event because the index does.
 */
export function cycleIntent(seedIndex: number): MutationIntent {
  return mutationIntentCycle[seedIndex % mutationIntentCycle.length] as MutationIntent;
}
