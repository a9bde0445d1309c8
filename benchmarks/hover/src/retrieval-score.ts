import { normalizeAnswer } from '@forge/program';
import { passageTitle } from '@forge/retrieval';

/**
 * A title as the HoVer reference metric compares it (DSPy's `normalize_text`): Unicode NFD,
 * then the HotPotQA answer normalisation (lower-case, ASCII punctuation removed, articles
 * removed with Unicode word boundaries, whitespace collapsed). After NFD a combining mark
 * separates words, so "Åland" becomes "a" + U+030A + "land" and its "a" is dropped as an article.
 */
export function normalizeTitle(title: string): string {
  return normalizeAnswer(title.normalize('NFD'));
}

/**
 * HoVer's `discrete_retrieval_eval`: 1 when every gold supporting title is among the titles of
 * the retrieved passages (the text before each passage's first `" | "`), both normalised with
 * `normalizeTitle`; else 0. Extra passages are not penalised; duplicates do not matter.
 */
export function retrievalScore(goldTitles: string[], retrievedPassages: string[]): 0 | 1 {
  const found = new Set(retrievedPassages.map((passage) => normalizeTitle(passageTitle(passage))));
  return goldTitles.every((title) => found.has(normalizeTitle(title))) ? 1 : 0;
}
