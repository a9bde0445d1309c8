import type { ComboRecord } from '../mipro-state.js';

/**
 * The combination a periodic full evaluation scores (the reference's
 * `get_program_with_highest_avg_score`): the highest mean minibatch score among those not yet
 * fully evaluated, the first tried on ties. Undefined when every combination tried has its full
 * score (the reference raises a `ValueError` there, teleprompt/utils.py:140; this search skips the
 * evaluation instead).
 */
export function fullEvaluationTarget(
  combos: Readonly<Record<string, ComboRecord>>,
): string | undefined {
  let best: { key: string; mean: number } | undefined;
  for (const [key, combo] of Object.entries(combos)) {
    if (combo.validation !== undefined || combo.minibatchScores.length === 0) continue;
    const mean =
      combo.minibatchScores.reduce((total, score) => total + score, 0) /
      combo.minibatchScores.length;
    if (best === undefined || mean > best.mean) best = { key, mean };
  }
  return best?.key;
}
