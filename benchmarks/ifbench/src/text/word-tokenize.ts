import { pythonWhitespaceClass } from '@forge/python-compat';
import { pythonSplit, WORD_CHARACTER } from '../python/python-text.js';
import { punktSentences } from './punkt-sentence-tokenizer.js';

const space = pythonWhitespaceClass;
const word = WORD_CHARACTER;
const notWord = `(?!${word})`;
const wordBefore = `(?<!${word})`;
// Python's `$` without MULTILINE: the end, or just before a final newline.
const end = '(?=\\n?$)';

type Rule = readonly [RegExp, string];

const startingQuotes: readonly Rule[] = [
  [/([«“‘„]|[`]+)/gu, ' $1 '],
  [/^"/u, '``'],
  [/(``)/gu, ' $1 '],
  [/([ ([{<])("|'{2})/gu, '$1 `` '],
  [new RegExp(`(')(?!re|ve|ll|m|t|s|d|n)(${word})${notWord}`, 'giu'), '$1 $2'],
];

const punctuation: readonly Rule[] = [
  [new RegExp(`([^.])(\\.)([\\])}>"'»”’ ]*)${space}*${end}`, 'gu'), '$1 $2 $3 '],
  [/([:,])([^\p{Nd}])/gu, ' $1 $2'],
  [new RegExp(`([:,])${end}`, 'gu'), ' $1 '],
  [/\.{2,}/gu, ' $& '],
  [/[;@#$%&]/gu, ' $& '],
  [new RegExp(`([^.])(\\.)([\\])}>"']*)${space}*${end}`, 'gu'), '$1 $2$3 '],
  [/[?!]/gu, ' $& '],
  [/([^'])' /gu, "$1 ' "],
  [/[*]/gu, ' $& '],
];

const parensBrackets: Rule = [/[\][(){}<>]/gu, ' $& '];
const doubleDashes: Rule = [/--/gu, ' -- '];

const endingQuotes: readonly Rule[] = [
  [/([»”’])/gu, ' $1 '],
  [/''/gu, " '' "],
  [/"/gu, " '' "],
  [/([^' ])('[sS]|'[mM]|'[dD]|') /gu, '$1 $2 '],
  [/([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) /gu, '$1 $2 '],
];

const contractions: readonly RegExp[] = [
  new RegExp(`${wordBefore}(can)(not)${notWord}`, 'giu'),
  new RegExp(`${wordBefore}(d)('ye)${notWord}`, 'giu'),
  new RegExp(`${wordBefore}(gim)(me)${notWord}`, 'giu'),
  new RegExp(`${wordBefore}(gon)(na)${notWord}`, 'giu'),
  new RegExp(`${wordBefore}(got)(ta)${notWord}`, 'giu'),
  new RegExp(`${wordBefore}(lem)(me)${notWord}`, 'giu'),
  new RegExp(`${wordBefore}(more)('n)${notWord}`, 'giu'),
  new RegExp(`${wordBefore}(wan)(na)(?=${space})`, 'giu'),
  new RegExp(` ('t)(is)${notWord}`, 'giu'),
  new RegExp(` ('t)(was)${notWord}`, 'giu'),
];

function apply(text: string, rules: readonly Rule[]): string {
  let result = text;
  for (const [pattern, replacement] of rules) result = result.replace(pattern, replacement);
  return result;
}

/** NLTK's `NLTKWordTokenizer().tokenize(sentence)` (the improved Treebank tokenizer). */
export function treebankTokenize(sentence: string): string[] {
  let text = apply(sentence, startingQuotes);
  text = apply(text, punctuation);
  text = apply(text, [parensBrackets, doubleDashes]);
  text = ` ${text} `;
  text = apply(text, endingQuotes);
  for (const pattern of contractions) text = text.replace(pattern, ' $1 $2 ');
  return pythonSplit(text);
}

/**
 * NLTK's `word_tokenize(text)`: Punkt sentences (English parameters), each split by the
 * Treebank tokenizer.
 */
export function wordTokenize(text: string): string[] {
  return punktSentences(text).flatMap(treebankTokenize);
}
