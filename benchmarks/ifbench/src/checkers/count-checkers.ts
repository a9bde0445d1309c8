import { PythonRuntimeError } from '../python/python-runtime-error.js';
import {
  countWords,
  findDigitRuns,
  isPythonDigit,
  pythonCount,
  pythonSplit,
  pythonStrip,
  removePunctuation,
  stripPunctuationAndSpace,
} from '../python/python-text.js';
import { defineInstruction } from './define-instruction.js';
import type { InstructionDefinition } from './instruction.js';
import { verdict } from './instruction.js';

const wordCountRange = defineInstruction({
  id: 'count:word_count_range',
  summary: 'The number of \\w+ tokens must lie between min_words and max_words (inclusive).',
  kwargs: [
    { name: 'min_words', type: 'number', description: 'Least number of words allowed.' },
    { name: 'max_words', type: 'number', description: 'Greatest number of words allowed.' },
  ],
  build(kwargs) {
    const low = kwargs.number('min_words');
    const high = kwargs.number('max_words');
    return {
      description: `The response must contain between ${low} and ${high} words.`,
      check(response) {
        const words = countWords(response);
        return verdict(low <= words && words <= high, `it has ${words} words`);
      },
    };
  },
});

const uniqueWordCount = defineInstruction({
  id: 'count:unique_word_count',
  summary:
    'At least N distinct lowercased whitespace tokens after stripping punctuation from their ends (an all-punctuation token counts as the empty word).',
  kwargs: [{ name: 'N', type: 'number', description: 'Least number of distinct words.' }],
  build(kwargs) {
    const least = kwargs.number('N');
    return {
      description: `Use at least ${least} unique words in the response.`,
      check(response) {
        const unique = new Set(pythonSplit(response.toLowerCase()).map(stripPunctuationAndSpace));
        return verdict(unique.size >= least, `it uses ${unique.size} distinct words`);
      },
    };
  },
});

const conjunctionWords = new Set(['and', 'but', 'for', 'nor', 'or', 'so', 'yet']);

const conjunctions = defineInstruction({
  id: 'count:conjunctions',
  summary:
    'At least small_n different coordinating conjunctions; the reference counts distinct raw tokens, so "and", "And," and "AND" count as three.',
  kwargs: [
    { name: 'small_n', type: 'number', description: 'Least number of different conjunctions.' },
  ],
  build(kwargs) {
    const least = kwargs.number('small_n');
    return {
      description: `Use at least ${least} different coordinating conjunctions in the response.`,
      check(response) {
        const found = new Set(
          pythonSplit(response).filter((word) =>
            conjunctionWords.has(stripPunctuationAndSpace(word).toLowerCase()),
          ),
        );
        return verdict(found.size >= least, `it uses ${found.size} different conjunction tokens`);
      },
    };
  },
});

/** The 50 names of `count:person_names`, in the reference's order. */
export const PERSON_NAMES: readonly string[] = (
  'Emma Liam Sophia Jackson Olivia Noah Ava Lucas Isabella Mason Mia Ethan Charlotte Alexander ' +
  'Amelia Benjamin Harper Leo Zoe Daniel Chloe Samuel Lily Matthew Grace Owen Abigail Gabriel ' +
  'Ella Jacob Scarlett Nathan Victoria Elijah Layla Nicholas Audrey David Hannah Christopher ' +
  'Penelope Thomas Nora Andrew Aria Joseph Claire Ryan Stella Jonathan'
).split(' ');

const personNames = defineInstruction({
  id: 'count:person_names',
  summary:
    'At least N of the 50 listed first names occur, as case-sensitive substrings ("Leo" is found inside "Leonardo").',
  kwargs: [{ name: 'N', type: 'number', description: 'Least number of different names.' }],
  build(kwargs) {
    const least = kwargs.number('N');
    return {
      description: `Mention at least ${least} different person names in the response, from this list of person names: ${PERSON_NAMES.join(', ')} .`,
      check(response) {
        const found = PERSON_NAMES.filter((name) => response.includes(name)).length;
        return verdict(found >= least, `it mentions ${found} of the listed names`);
      },
    };
  },
});

const numbers = defineInstruction({
  id: 'count:numbers',
  summary:
    'Exactly N digit runs after deleting ASCII punctuation, so "3.5" and "1,000" each count as one number.',
  kwargs: [{ name: 'N', type: 'number', description: 'Exact number of numbers.' }],
  build(kwargs) {
    const exact = kwargs.number('N');
    return {
      description: `Include exactly ${exact} numbers in the response.`,
      check(response) {
        const found = findDigitRuns(removePunctuation(response)).length;
        return verdict(found === exact, `it contains ${found} numbers`);
      },
    };
  },
});

const requiredMarks = ['.', ',', '!', '?', ';', ':'];

const punctuation = defineInstruction({
  id: 'count:punctuation',
  summary:
    'Needs an interrobang ("?!", "!?" or "‽"); after removing one "?!" (else one "!?"), each of . , ! ? ; : must still occur.',
  build() {
    return {
      description:
        'Use every standard punctuation mark at least once, including semicolons, colons, and the interrobang (?!).',
      check(response) {
        if (!(response.includes('!?') || response.includes('?!') || response.includes('‽'))) {
          return verdict(false, 'it has no interrobang');
        }
        let rest = response.replace('?!', '');
        if (rest.length === response.length) rest = response.replace('!?', '');
        const missing = requiredMarks.filter((mark) => !rest.includes(mark));
        return verdict(missing.length === 0, `it lacks ${missing.join(' ')}`);
      },
    };
  },
});

const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/u;

const wordsJapanese = defineInstruction({
  id: 'count:words_japanese',
  summary:
    'Every N-th whitespace token (stripped of punctuation; empty and digit tokens exempt) must contain a kana or kanji character.',
  kwargs: [{ name: 'N', type: 'number', description: 'Period of the Japanese words.' }],
  build(kwargs) {
    const period = kwargs.number('N');
    const suffix =
      period % 10 === 1 ? 'st' : period % 10 === 2 ? 'nd' : period % 10 === 3 ? 'rd' : 'th';
    // 8a66c06: the "st/nd/rd" forms drop the word "word".
    const noun = suffix === 'th' ? 'th word' : suffix;
    return {
      description: `Every ${period}${noun} of your response must be in Japanese.`,
      check(response) {
        const words = pythonSplit(response);
        for (const [index, raw] of words.entries()) {
          const word = stripPunctuationAndSpace(raw);
          if (period === 0)
            throw new PythonRuntimeError('ZeroDivisionError', 'integer modulo by zero');
          if ((index + 1) % period === 0 && word !== '' && !isPythonDigit(word)) {
            if (!japanese.test(word))
              return verdict(false, `word ${index + 1} ("${word}") is not Japanese`);
          }
        }
        return verdict(true);
      },
    };
  },
});

const pronounWords = new Set(
  (
    'i me my mine myself we us our ours ourselves you your yours yourself yourselves he him his ' +
    'himself she her hers herself it its itself they them their theirs themselves'
  ).split(' '),
);

const pronouns = defineInstruction({
  id: 'count:pronouns',
  summary:
    'At least N tokens from a fixed set of 31 personal, possessive and reflexive pronouns, after turning "/" into spaces, lowercasing and deleting punctuation.',
  kwargs: [{ name: 'N', type: 'number', description: 'Least number of pronouns.' }],
  build(kwargs) {
    const least = kwargs.number('N');
    return {
      description: `The response should include at least ${least} pronouns.`,
      check(response) {
        const words = pythonSplit(removePunctuation(response.replaceAll('/', ' ').toLowerCase()));
        const found = words.filter((word) => pronounWords.has(word)).length;
        return verdict(found >= least, `it has ${found} pronouns`);
      },
    };
  },
});

const keywordCounts = [1, 2, 3, 5, 7];

const keywordsMultiple = defineInstruction({
  id: 'count:keywords_multiple',
  summary:
    'keyword1…keyword5 must occur exactly 1, 2, 3, 5 and 7 times, counted as case-insensitive non-overlapping substrings.',
  kwargs: [1, 2, 3, 4, 5].map((index) => ({
    name: `keyword${index}`,
    type: 'string' as const,
    description: `Keyword that must occur exactly ${keywordCounts[index - 1]} time(s).`,
  })),
  build(kwargs) {
    const keywords = [1, 2, 3, 4, 5].map((index) => pythonStrip(kwargs.string(`keyword${index}`)));
    const [one, two, three, four, five] = keywords;
    return {
      description: `Include keyword ${one} once in your response, keyword ${two} twice in your response, keyword ${three} three times in your response, keyword ${four} five times in your response, and keyword ${five} seven times in your response.`,
      check(response) {
        const lower = response.toLowerCase();
        for (const [index, keyword] of keywords.entries()) {
          const found = pythonCount(lower, keyword.toLowerCase());
          const wanted = keywordCounts[index] as number;
          if (found !== wanted) {
            return verdict(false, `"${keyword}" occurs ${found} times instead of ${wanted}`);
          }
        }
        return verdict(true);
      },
    };
  },
});

/** The nine `count:*` instructions of IFBench 8a66c06. */
export const countInstructions: readonly InstructionDefinition[] = [
  wordCountRange,
  uniqueWordCount,
  conjunctions,
  personNames,
  numbers,
  punctuation,
  wordsJapanese,
  pronouns,
  keywordsMultiple,
];
