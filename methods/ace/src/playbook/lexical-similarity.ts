// Function words carry no advice. Negations (`not`, `no`, `never`) are kept: "do X" and
// "do not X" must not look alike.
const stopWords = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'but',
  'of',
  'to',
  'in',
  'on',
  'at',
  'by',
  'for',
  'with',
  'from',
  'as',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'it',
  'its',
  'this',
  'that',
  'these',
  'those',
  'so',
  'such',
  'than',
  'then',
  'into',
]);

/**
 * The content words of a text: lowercased runs of letters and digits, joined across inner
 * hyphens, apostrophes and dots (`day-first`, `rule-a`, `dd.mm.yyyy` stay one word, so rules
 * that differ in such a word stay apart), function words dropped.
 */
export function contentWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:['.-][\p{L}\p{N}]+)*/gu) ?? [];
  return new Set(words.filter((word) => !stopWords.has(word)));
}

/**
 * Jaccard similarity of two texts' content-word sets, in [0, 1]: shared words over all words.
 * It stands in for the reference's embedding cosine (no embedding model runs offline): it is
 * deterministic, needs no model, and treats reworded restatements with the same words as
 * duplicates while keeping rules that differ in a condition word (`day-first` vs `month-first`)
 * apart.
 */
export function lexicalSimilarity(left: string, right: string): number {
  const a = contentWords(left);
  const b = contentWords(right);
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}
