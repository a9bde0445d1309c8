import { pythonIndex } from '../python/python-runtime-error.js';
import {
  codePoints,
  lstripCharacters,
  PUNCTUATION,
  pythonSplit,
  pythonStrip,
  removePunctuation,
} from '../python/python-text.js';
import { splitIntoSentences } from '../text/split-into-sentences.js';
import { defineInstruction } from './define-instruction.js';
import type { InstructionDefinition } from './instruction.js';
import { verdict } from './instruction.js';

/** The alliteration score of one sentence: a new run of equal first letters scores 2, each extension 1. */
function alliterationScore(sentence: string): number {
  const words = pythonSplit(sentence.toLowerCase())
    .map((word) => lstripCharacters(word, `${PUNCTUATION} `))
    .filter((word) => word !== '');
  let score = 0;
  let inRun = false;
  for (let index = 0; index + 1 < words.length; index++) {
    if (codePoints(words[index] as string)[0] === codePoints(words[index + 1] as string)[0]) {
      score += inRun ? 1 : 2;
      inRun = true;
    } else {
      inRun = false;
    }
  }
  return score;
}

const alliterationIncrement = defineInstruction({
  id: 'sentence:alliteration_increment',
  summary:
    'Each sentence must score more alliteration than the one before (adjacent words with the same first character: a new run scores 2, each extension 1).',
  build() {
    return {
      description:
        'Each sentence must have a longer sequence of consecutive alliterative words than the previous one.',
      check(response) {
        let previous = -1;
        for (const [index, sentence] of splitIntoSentences(response).entries()) {
          const score = alliterationScore(sentence);
          if (score <= previous) {
            return verdict(
              false,
              `sentence ${index + 1} scores ${score}, not more than ${previous}`,
            );
          }
          previous = score;
        }
        return verdict(true);
      },
    };
  },
});

const keyword = defineInstruction({
  id: 'sentence:keyword',
  summary:
    'Sentence N (regex splitter) must contain `word` as a case-insensitive substring ("giraffes" contains "giraffe").',
  kwargs: [
    { name: 'word', type: 'string', description: 'The keyword.' },
    { name: 'N', type: 'number', description: '1-based index of the sentence that must hold it.' },
  ],
  build(kwargs) {
    const word = kwargs.string('word', { nonEmpty: true });
    const position = kwargs.number('N');
    return {
      description: `The response must include keyword "${word}" in the ${position}-th sentence.`,
      check(response) {
        const sentences = splitIntoSentences(response);
        if (sentences.length < position) {
          return verdict(false, `it has only ${sentences.length} sentences`);
        }
        const sentence = pythonIndex(sentences, Math.trunc(position - 1));
        return verdict(
          sentence.toLowerCase().includes(word.toLowerCase()),
          `sentence ${position} does not contain "${word}"`,
        );
      },
    };
  },
});

function countSentenceWords(sentence: string): number {
  return pythonSplit(pythonStrip(removePunctuation(sentence))).length;
}

const increment = defineInstruction({
  id: 'sentence:increment',
  summary:
    'Each sentence must have exactly small_n more whitespace tokens (after deleting punctuation) than the previous one.',
  kwargs: [{ name: 'small_n', type: 'number', description: 'Words added per sentence.' }],
  build(kwargs) {
    const step = kwargs.number('small_n');
    return {
      description: `Each sentence must contain exactly ${step} more words than the previous one.`,
      check(response) {
        const sentences = splitIntoSentences(response);
        let previous = countSentenceWords(pythonIndex(sentences, 0));
        for (const [index, sentence] of sentences.slice(1).entries()) {
          const words = countSentenceWords(sentence);
          if (words !== previous + step) {
            return verdict(false, `sentence ${index + 2} has ${words} words after ${previous}`);
          }
          previous = words;
        }
        return verdict(true);
      },
    };
  },
});

/** The three `sentence:*` instructions of IFBench 8a66c06. */
export const sentenceInstructions: readonly InstructionDefinition[] = [
  alliterationIncrement,
  keyword,
  increment,
];
