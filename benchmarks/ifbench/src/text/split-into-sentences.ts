import { pythonWhitespaceClass } from '@forge/python-compat';
import { pythonStrip } from '../python/python-text.js';

const space = pythonWhitespaceClass;
const alphabets = '([A-Za-z])';
const prefixes = '(Mr|St|Mrs|Ms|Dr)[.]';
const suffixes = '(Inc|Ltd|Jr|Sr|Co)';
const starters = `(Mr|Mrs|Ms|Dr|Prof|Capt|Cpt|Lt|He${space}|She${space}|It${space}|They${space}|Their${space}|Our${space}|We${space}|But${space}|However${space}|That${space}|This${space}|Wherever)`;
const acronyms = '([A-Z][.][A-Z][.](?:[A-Z][.])?)';
const websites = '[.](com|net|org|io|gov|edu|me)';
const digits = '([0-9])';

const rules: ReadonlyArray<readonly [RegExp, string | ((match: string) => string)]> = [
  [new RegExp(prefixes, 'g'), '$1<prd>'],
  [new RegExp(websites, 'g'), '<prd>$1'],
  [new RegExp(`${digits}[.]${digits}`, 'g'), '$1<prd>$2'],
  [/\.{2,}/g, (match) => `${'<prd>'.repeat(match.length)}<stop>`],
];

const laterRules: ReadonlyArray<readonly [RegExp, string]> = [
  [new RegExp(`${space}${alphabets}[.] `, 'g'), ' $1<prd> '],
  [new RegExp(`${acronyms} ${starters}`, 'g'), '$1<stop> $2'],
  [new RegExp(`${alphabets}[.]${alphabets}[.]${alphabets}[.]`, 'g'), '$1<prd>$2<prd>$3<prd>'],
  [new RegExp(`${alphabets}[.]${alphabets}[.]`, 'g'), '$1<prd>$2<prd>'],
  [new RegExp(` ${suffixes}[.] ${starters}`, 'g'), ' $1<stop> $2'],
  [new RegExp(` ${suffixes}[.]`, 'g'), ' $1<prd>'],
  [new RegExp(` ${alphabets}[.]`, 'g'), ' $1<prd>'],
];

/**
 * The reference's regex sentence splitter (`instructions_util.split_into_sentences` at
 * 8a66c06, the IFEval rules): abbreviations, initials, decimals, websites and ellipses are
 * protected, then the text is cut after every `.`, `?` and `!`. Its quirks are kept: a closing
 * quote is moved before the mark (`!"` becomes `"!`), and empty pieces between marks survive.
 */
export function splitIntoSentences(input: string): string[] {
  let text = ` ${input}  `;
  text = text.replaceAll('\n', ' ');
  for (const [pattern, replacement] of rules) {
    text =
      typeof replacement === 'string'
        ? text.replace(pattern, replacement)
        : text.replace(pattern, replacement);
  }
  if (text.includes('Ph.D')) text = text.replaceAll('Ph.D.', 'Ph<prd>D<prd>');
  for (const [pattern, replacement] of laterRules) text = text.replace(pattern, replacement);
  if (text.includes('”')) text = text.replaceAll('.”', '”.');
  if (text.includes('"')) text = text.replaceAll('."', '".');
  if (text.includes('!')) text = text.replaceAll('!"', '"!');
  if (text.includes('?')) text = text.replaceAll('?"', '"?');
  text = text.replaceAll('.', '.<stop>');
  text = text.replaceAll('?', '?<stop>');
  text = text.replaceAll('!', '!<stop>');
  text = text.replaceAll('<prd>', '.');
  let sentences = text.split('<stop>').map(pythonStrip);
  if (sentences.length > 0 && sentences[sentences.length - 1] === '') {
    sentences = sentences.slice(0, -1);
  }
  return sentences;
}
