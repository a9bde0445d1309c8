import { pythonSplit } from '@forge/python-compat';

// Python's string.punctuation: exactly these 32 ASCII characters.
const asciiPunctuation = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

// Python 3 `re` on str: \w is a letter, a number or "_" (combining marks are not), so
// `\b(a|an|the)\b` becomes explicit look-arounds over that class.
const articles = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;

/**
 * The official HotPotQA answer normalisation (`hotpot_evaluate_v1.normalize_answer`): Python
 * `str.lower()`, then every ASCII punctuation character removed, then the whole words a/an/the
 * replaced by a space (Unicode word boundaries), then whitespace runs (Python's whitespace set)
 * collapsed to one space and the ends trimmed. No Unicode normalisation (SPEC §11).
 *
 * Order matters: punctuation goes before articles, so "A-ha" keeps its "a" ("aha") while "A ha"
 * loses it ("ha"), and "a.n" becomes the article "an" and disappears.
 */
export function normalizeAnswer(text: string): string {
  let withoutPunctuation = '';
  for (const character of text.toLowerCase()) {
    if (!asciiPunctuation.has(character)) withoutPunctuation += character;
  }
  return pythonSplit(withoutPunctuation.replace(articles, ' ')).join(' ');
}

/** HotPotQA exact match: 1 when both sides normalise to the same string, else 0. */
export function exactMatch(prediction: string, gold: string): 0 | 1 {
  return normalizeAnswer(prediction) === normalizeAnswer(gold) ? 1 : 0;
}
