import { findWords } from '../python/python-text.js';

// NLTK's English stopword list (nltk_data `corpora/stopwords/english`): the 179 words of the
// 2021–2024 releases plus the 19 pronoun contractions added in February 2025 (198 in all).
// The reference matches `\w+` tokens, which never contain an apostrophe, so only the entries
// without one can ever match; both releases therefore give identical scores.
const words =
  "i me my myself we our ours ourselves you you're you've you'll you'd your yours yourself " +
  "yourselves he him his himself she she's her hers herself it it's its itself they them their " +
  "theirs themselves what which who whom this that that'll these those am is are was were be " +
  'been being have has had having do does did doing a an the and but if or because as until ' +
  'while of at by for with about against between into through during before after above below ' +
  'to from up down in out on off over under again further then once here there when where why ' +
  'how all any both each few more most other some such no nor not only own same so than too ' +
  "very s t can will just don don't should should've now d ll m o re ve y ain aren aren't " +
  "couldn couldn't didn didn't doesn doesn't hadn hadn't hasn hasn't haven haven't isn isn't ma " +
  "mightn mightn't mustn mustn't needn needn't shan shan't shouldn shouldn't wasn wasn't weren " +
  "weren't won won't wouldn wouldn't he'd he'll he's i'd i'll i'm i've it'd it'll she'd she'll " +
  "they'd they'll they're they've we'd we'll we're we've";

/** NLTK's English stopwords (198 entries). */
export const englishStopwords: ReadonlySet<string> = new Set(words.split(' '));

/** The reference's `count_stopwords`: `\w+` tokens whose lowercase form is a stopword. */
export function countStopwords(text: string): number {
  return findWords(text).filter((token) => englishStopwords.has(token.toLowerCase())).length;
}
