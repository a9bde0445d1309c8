/**
 * A score for the text of a record a person reads (a proposal's `details`, a trial's line): three
 * decimals on the 0–1 scale, two for a larger figure such as a sum of scores — the rounding the
 * run report uses — so a mean of thirds reads `0.667`, not `0.6666666666666666`. Records keep the
 * raw numbers in their number fields (`parentScores`, `proposalScores`).
 */
export function formatScore(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return Math.abs(value) <= 1 ? value.toFixed(3) : value.toFixed(2);
}
