import { codePoints, PUNCTUATION, pythonStrip, stripCharacters } from '../python/python-text.js';
import { syllapyWords } from './syllapy-data.js';

let dictionary: Map<string, number> | undefined;

function knownWords(): Map<string, number> {
  if (dictionary === undefined) {
    dictionary = new Map();
    for (const [count, words] of Object.entries(syllapyWords)) {
      for (const word of words.split(' ')) dictionary.set(word, Number(count));
    }
  }
  return dictionary;
}

const vowels = new Set('aeiouy');

/**
 * `syllapy.count(word)` (syllapy 0.7.2, the version the reference installs): strip, lowercase
 * and strip punctuation; 0 for empty words and words with a digit; the dictionary count when
 * known; compound words split at the first hyphen; else a vowel-group heuristic.
 */
export function countSyllables(input: string): number {
  const word = stripCharacters(pythonStrip(input).toLowerCase(), PUNCTUATION);
  if (word === '') return 0;
  if (/\p{Nd}/u.test(word)) return 0;
  const known = knownWords().get(word);
  if (known !== undefined) return known;
  const compound = /^([^-]+)-(.+)/u.exec(word);
  if (compound) {
    const first = countSyllables(compound[1] as string);
    const second = countSyllables(compound[2] as string);
    return first === 0 || second === 0 ? 0 : first + second;
  }
  return heuristicSyllables(word);
}

function heuristicSyllables(word: string): number {
  const letters = codePoints(word);
  let count = vowels.has(letters[0] as string) ? 1 : 0;
  for (let index = 1; index < letters.length; index++) {
    if (vowels.has(letters[index] as string) && !vowels.has(letters[index - 1] as string)) count++;
  }
  if (word.endsWith('e')) count--;
  if (
    word.endsWith('le') &&
    letters.length > 2 &&
    !vowels.has(letters[letters.length - 3] as string)
  ) {
    count++;
  }
  return count === 0 ? 1 : count;
}
