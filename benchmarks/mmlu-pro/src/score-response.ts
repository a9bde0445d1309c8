import { extractAnswer } from './extract-answer.js';

/**
 * The MMLU-Pro metric (SPEC §11): 1 when the letter `extractAnswer` finds equals the gold
 * letter. No letter scores 0; the official scripts would instead give random credit, which a
 * deterministic optimizer cannot use.
 */
export function scoreResponse(response: string, goldLetter: string): 0 | 1 {
  const letter = extractAnswer(response);
  return letter !== null && letter === goldLetter ? 1 : 0;
}
