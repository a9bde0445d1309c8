import { extractFinalAnswer } from '@forge/program';
import { pythonStrip } from '@forge/python-compat';

/**
 * The FiNER-139 metric (Meta-Harness `eval_finer`, SPEC §11): the final answer extracted from the
 * response, lowercased and stripped, equals the gold tag lowercased and stripped. No other
 * normalisation, and no check that the prediction is in the label set.
 */
export function scoreTag(response: string, goldTag: string): 0 | 1 {
  return normalizeTag(extractFinalAnswer(response)) === normalizeTag(goldTag) ? 1 : 0;
}

/** `text.lower().strip()` in Python. */
export function normalizeTag(text: string): string {
  return pythonStrip(text.toLowerCase());
}
