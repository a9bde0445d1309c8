import { pythonIndex } from '../python/python-runtime-error.js';
import {
  codePoints,
  lstripCharacters,
  PUNCTUATION,
  pythonSplit,
  pythonStrip,
  removePunctuation,
  rstripCharacters,
  stripCharacters,
  stripPunctuationAndSpace,
} from '../python/python-text.js';
import { splitIntoSentences } from '../text/split-into-sentences.js';
import { startsWithVerb } from '../text/starts-with-verb.js';
import { countSyllables } from '../text/syllable-count.js';
import { wordTokenize } from '../text/word-tokenize.js';
import { defineInstruction } from './define-instruction.js';
import type { InstructionDefinition } from './instruction.js';
import { verdict } from './instruction.js';

const alphabet = 'abcdefghijklmnopqrstuvwxyz';

const alphabetLoop = defineInstruction({
  id: 'words:alphabet',
  summary:
    "After deleting punctuation, word i+1 must start with the letter after word i's, wrapping z→a; the first word must start with a–z. Raises when nothing is left.",
  build() {
    return {
      description:
        "Each word must start with the next letter of the alphabet, looping back to 'A' after 'Z'.",
      check(response) {
        const words = pythonSplit(stripPunctuationAndSpace(removePunctuation(response)));
        let letter = pythonIndex(codePoints(pythonIndex(words, 0)), 0, 'string').toLowerCase();
        if (!alphabet.includes(letter))
          return verdict(false, 'the first word does not start with a letter a–z');
        for (const [index, raw] of words.slice(1).entries()) {
          const word = stripPunctuationAndSpace(raw).toLowerCase();
          if (word === '') continue;
          letter = alphabet[(alphabet.indexOf(letter) + 1) % 26] as string;
          if (codePoints(word)[0] !== letter) {
            return verdict(false, `word ${index + 2} ("${raw}") does not start with "${letter}"`);
          }
        }
        return verdict(true);
      },
    };
  },
});

const vowel = defineInstruction({
  id: 'words:vowel',
  summary:
    'A single line (no "\\n" after stripping) using at most three distinct vowels of a, e, i, o, u.',
  build() {
    return {
      description: 'Write a paragraph using words that contain only three types of vowels.',
      check(response) {
        const paragraphs = pythonStrip(response).split('\n');
        if (paragraphs.length !== 1) return verdict(false, `it has ${paragraphs.length} lines`);
        const used = new Set(
          [...(paragraphs[0] as string).toLowerCase()].filter((c) => 'aeiou'.includes(c)),
        );
        return verdict(
          used.size <= 3,
          `it uses ${used.size} vowels (${[...used].sort().join('')})`,
        );
      },
    };
  },
});

const consonants = new Set('bcdfghjklmnpqrstvwxyz');

const consonantCluster = defineInstruction({
  id: 'words:consonants',
  summary:
    'Every lowercased whitespace token must contain two adjacent consonants (punctuation included in the token).',
  build() {
    return {
      description:
        'Ensure each word in your response has at least one consonant cluster (two or more consonants together).',
      check(response) {
        for (const word of pythonSplit(pythonStrip(response.toLowerCase()))) {
          const letters = codePoints(word);
          const cluster = letters.some(
            (letter, index) =>
              index + 1 < letters.length &&
              consonants.has(letter) &&
              consonants.has(letters[index + 1] as string),
          );
          if (!cluster) return verdict(false, `"${word}" has no consonant cluster`);
        }
        return verdict(true);
      },
    };
  },
});

const palindrome = defineInstruction({
  id: 'words:palindrome',
  summary:
    'At least 10 tokens (punctuation deleted, lowercased; repeats count) that read the same backwards and have 5+ characters.',
  build() {
    return {
      description: 'Include at least 10 single-word palindromes, each at least 5 characters long.',
      check(response) {
        const found = pythonSplit(removePunctuation(response).toLowerCase()).filter((word) => {
          const letters = codePoints(word);
          return letters.length >= 5 && letters.join('') === [...letters].reverse().join('');
        }).length;
        return verdict(found >= 10, `it has ${found} palindromes of 5+ letters`);
      },
    };
  },
});

const primes = new Set([
  2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
]);

const primeLengths = defineInstruction({
  id: 'words:prime_lengths',
  summary:
    'Every whitespace token, after deleting punctuation, must have a prime length (primes up to 97).',
  build() {
    return {
      description: 'Use only words with lengths that are prime numbers.',
      check(response) {
        for (const word of pythonSplit(removePunctuation(response))) {
          const length = codePoints(word).length;
          if (!primes.has(length)) return verdict(false, `"${word}" has ${length} letters`);
        }
        return verdict(true);
      },
    };
  },
});

const startVerb = defineInstruction({
  id: 'words:start_verb',
  summary:
    'The first word_tokenize token must be tagged as a verb (VB*) by the part-of-speech tagger.',
  build() {
    return {
      description: 'The response must start with a verb.',
      check(response) {
        const tokens = wordTokenize(response);
        return verdict(
          tokens.length > 0 && startsWithVerb(tokens),
          `"${tokens[0] ?? ''}" is not tagged as a verb`,
        );
      },
    };
  },
});

const repeats = defineInstruction({
  id: 'words:repeats',
  summary: 'No lowercased, punctuation-free whitespace token may occur more than small_n times.',
  kwargs: [{ name: 'small_n', type: 'number', description: 'Most occurrences of any one word.' }],
  build(kwargs) {
    const limit = kwargs.number('small_n');
    return {
      description: `The response should not repeat any word more than ${limit} times.`,
      check(response) {
        const counts = new Map<string, number>();
        for (const word of pythonSplit(removePunctuation(response.toLowerCase()))) {
          counts.set(word, (counts.get(word) ?? 0) + 1);
        }
        for (const [word, count] of counts) {
          if (count > limit) return verdict(false, `"${word}" occurs ${count} times`);
        }
        return verdict(true);
      },
    };
  },
});

const oddEvenSyllables = defineInstruction({
  id: 'words:odd_even_syllables',
  summary: 'Syllable counts (syllapy) of consecutive words must alternate between odd and even.',
  build() {
    return {
      description: 'Alternate between words with odd and even numbers of syllables.',
      check(response) {
        const words = pythonSplit(removePunctuation(response).toLowerCase());
        const parities = words.map((word) => countSyllables(word) % 2);
        for (let index = 0; index + 1 < parities.length; index++) {
          if (parities[index] === parities[index + 1]) {
            return verdict(
              false,
              `"${words[index]}" and "${words[index + 1]}" have the same syllable parity`,
            );
          }
        }
        return verdict(true);
      },
    };
  },
});

const punctuationAndSpace = `${PUNCTUATION} `;

const lastFirst = defineInstruction({
  id: 'words:last_first',
  summary:
    'The last word of each sentence must equal (case-insensitively) the first word of the next; raises on a sentence made only of punctuation.',
  build() {
    return {
      description:
        'The last word of each sentence must become the first word of the next sentence.',
      check(response) {
        const sentences = splitIntoSentences(response);
        for (let index = 0; index + 1 < sentences.length; index++) {
          const last = pythonIndex(
            pythonSplit(rstripCharacters(sentences[index] as string, punctuationAndSpace)),
            -1,
          );
          const first = pythonIndex(
            pythonSplit(lstripCharacters(sentences[index + 1] as string, punctuationAndSpace)),
            0,
          );
          if (last.toLowerCase() !== first.toLowerCase()) {
            return verdict(
              false,
              `sentence ${index + 1} ends with "${last}" but the next starts with "${first}"`,
            );
          }
        }
        return verdict(true);
      },
    };
  },
});

const paragraphLastFirst = defineInstruction({
  id: 'words:paragraph_last_first',
  summary:
    'Each non-empty line must start and end with the same word (lowercased, ends stripped of punctuation); a line of only punctuation raises.',
  build() {
    return {
      description:
        'Each paragraph must end with the same word it started with, separate paragraphs with a newline.',
      check(response) {
        for (const line of response.split('\n')) {
          const paragraph = pythonStrip(line).toLowerCase();
          if (paragraph === '') continue;
          const words = pythonSplit(stripCharacters(paragraph, punctuationAndSpace));
          const first = pythonIndex(words, 0);
          const last = pythonIndex(words, -1);
          if (first !== last)
            return verdict(false, `a paragraph starts with "${first}" but ends with "${last}"`);
        }
        return verdict(true);
      },
    };
  },
});

const noConsecutive = defineInstruction({
  id: 'words:no_consecutive',
  summary:
    'No two adjacent tokens (lowercased, punctuation deleted) may start with the same character.',
  build() {
    return {
      description: 'No two consecutive words can share the same first letter.',
      check(response) {
        const words = pythonSplit(removePunctuation(response.toLowerCase()));
        for (let index = 0; index + 1 < words.length; index++) {
          if (codePoints(words[index] as string)[0] === codePoints(words[index + 1] as string)[0]) {
            return verdict(
              false,
              `"${words[index]}" and "${words[index + 1]}" start with the same letter`,
            );
          }
        }
        return verdict(true);
      },
    };
  },
});

const keywordsSpecificPosition = defineInstruction({
  id: 'words:keywords_specific_position',
  summary:
    'Token m (1-based, word_tokenize, punctuation tokens count) of sentence n (regex splitter) must equal the keyword exactly, case-sensitively.',
  kwargs: [
    { name: 'keyword', type: 'string', description: 'The keyword.' },
    { name: 'n', type: 'signed number', description: '1-based sentence index.' },
    {
      name: 'm',
      type: 'signed number',
      description: '1-based token index within that sentence.',
    },
  ],
  build(kwargs) {
    const keyword = pythonStrip(kwargs.string('keyword', { nonEmpty: true }));
    const sentence = kwargs.number('n', { nonZero: true });
    const position = kwargs.number('m', { nonZero: true });
    return {
      description: `Include keyword ${keyword} in the ${sentence}-th sentence, as the ${position}-th word of that sentence.`,
      check(response) {
        const sentences = splitIntoSentences(response);
        if (sentences.length < sentence)
          return verdict(false, `it has only ${sentences.length} sentences`);
        const tokens = wordTokenize(pythonIndex(sentences, sentence - 1));
        if (tokens.length < position)
          return verdict(false, `sentence ${sentence} has only ${tokens.length} tokens`);
        const token = pythonIndex(tokens, position - 1);
        return verdict(
          token === keyword,
          `token ${position} of sentence ${sentence} is "${token}"`,
        );
      },
    };
  },
});

const wordsPosition = defineInstruction({
  id: 'words:words_position',
  summary:
    'The second word_tokenize token and the second-to-last token must both equal the keyword, case-sensitively (a final "." is its own token).',
  kwargs: [{ name: 'keyword', type: 'string', description: 'The keyword.' }],
  build(kwargs) {
    const keyword = pythonStrip(kwargs.string('keyword'));
    return {
      description: `The second word in your response and the second to last word in your response should be the word ${keyword}.`,
      check(response) {
        const tokens = wordTokenize(response);
        if (tokens.length < 2) return verdict(false, 'it has fewer than two tokens');
        const second = tokens[1] as string;
        const secondLast = tokens[tokens.length - 2] as string;
        return verdict(
          second === keyword && secondLast === keyword,
          `the second token is "${second}" and the second-to-last "${secondLast}"`,
        );
      },
    };
  },
});

/** The thirteen `words:*` instructions of IFBench 8a66c06. */
export const wordsInstructions: readonly InstructionDefinition[] = [
  alphabetLoop,
  vowel,
  consonantCluster,
  palindrome,
  primeLengths,
  startVerb,
  repeats,
  oddEvenSyllables,
  lastFirst,
  paragraphLastFirst,
  noConsecutive,
  keywordsSpecificPosition,
  wordsPosition,
];
