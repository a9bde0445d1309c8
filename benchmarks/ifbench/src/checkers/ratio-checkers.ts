import { PythonRuntimeError } from '../python/python-runtime-error.js';
import { codePoints, countWords, pythonLength, pythonStrip } from '../python/python-text.js';
import { splitIntoSentences } from '../text/split-into-sentences.js';
import { countStopwords } from '../text/stopwords.js';
import { defineInstruction } from './define-instruction.js';
import type { InstructionDefinition } from './instruction.js';
import { verdict } from './instruction.js';

const stopWords = defineInstruction({
  id: 'ratio:stop_words',
  summary:
    'Stop words (NLTK English list) must be at most `percentage` % of the \\w+ tokens; a response without any \\w+ token raises (ZeroDivisionError).',
  kwargs: [
    { name: 'percentage', type: 'number', description: 'Largest allowed stop-word percentage.' },
  ],
  build(kwargs) {
    const limit = kwargs.number('percentage');
    return {
      description: `Ensure that stop words constitute no more than ${limit}% of the total words in your response.`,
      check(response) {
        const words = countWords(response);
        if (words === 0) throw new PythonRuntimeError('ZeroDivisionError', 'division by zero');
        const percentage = (countStopwords(response) / words) * 100;
        return verdict(
          percentage <= limit,
          `stop words are ${percentage.toFixed(1)}% of the words`,
        );
      },
    };
  },
});

function countEndings(response: string): { period: number; question: number; exclamation: number } {
  const sentences = splitIntoSentences(response);
  return {
    period: sentences.filter((sentence) => sentence.endsWith('.')).length,
    question: sentences.filter((sentence) => sentence.endsWith('?')).length,
    exclamation: sentences.filter((sentence) => sentence.endsWith('!')).length,
  };
}

const sentenceType = defineInstruction({
  id: 'ratio:sentence_type',
  summary:
    'The number of sentences ending in "." must be exactly twice the number ending in "?" (regex sentence splitter).',
  build() {
    return {
      description: 'Maintain a 2:1 ratio of declarative to interrogative sentences.',
      check(response) {
        const { period, question } = countEndings(response);
        return verdict(
          period === 2 * question,
          `${period} sentences end with "." and ${question} with "?"`,
        );
      },
    };
  },
});

const sentenceBalance = defineInstruction({
  id: 'ratio:sentence_balance',
  summary: 'Equal numbers of sentences ending in ".", "?" and "!" (regex sentence splitter).',
  build() {
    return {
      description:
        'Ensure that the ratio of sentence types (declarative, interrogative, exclamatory) is balanced.',
      check(response) {
        const { period, question, exclamation } = countEndings(response);
        return verdict(
          period === question && question === exclamation,
          `sentence endings: ${period} ".", ${question} "?", ${exclamation} "!"`,
        );
      },
    };
  },
});

function characterTrigrams(text: string): Set<string> {
  const points = codePoints(text);
  const trigrams = new Set<string>();
  for (let index = 0; index + 3 <= points.length; index++) {
    // A separator no code point can produce keeps distinct trigrams distinct.
    trigrams.add(points.slice(index, index + 3).join('\u0000'));
  }
  return trigrams;
}

const overlap = defineInstruction({
  id: 'ratio:overlap',
  summary:
    "The share of the response's distinct character trigrams that also occur in reference_text must be within ±2 points of `percentage`; a response shorter than 3 characters raises.",
  kwargs: [
    { name: 'reference_text', type: 'string', description: 'Text to overlap with.' },
    { name: 'percentage', type: 'number', description: 'Target trigram overlap in percent.' },
  ],
  build(kwargs) {
    const reference = characterTrigrams(kwargs.string('reference_text'));
    const target = kwargs.number('percentage');
    return {
      description: `Maintain a trigram overlap of ${target}% (±2%) with the provided reference text.`,
      check(response) {
        const own = characterTrigrams(response);
        if (own.size === 0) throw new PythonRuntimeError('ZeroDivisionError', 'division by zero');
        let shared = 0;
        for (const trigram of own) if (reference.has(trigram)) shared++;
        const percent = (shared / own.size) * 100;
        return verdict(
          target - 2 <= percent && percent <= target + 2,
          `the trigram overlap is ${percent.toFixed(1)}%`,
        );
      },
    };
  },
});

const sentenceWords = defineInstruction({
  id: 'ratio:sentence_words',
  summary:
    'Exactly three sentences of the same stripped length in characters; that the words differ is not checked.',
  build() {
    return {
      description:
        'Respond with three sentences, all containing the same number of characters but using all different words.',
      check(response) {
        const sentences = splitIntoSentences(response);
        if (sentences.length !== 3) {
          return verdict(false, `it has ${sentences.length} sentences instead of 3`);
        }
        const lengths = sentences.map((sentence) => pythonLength(pythonStrip(sentence)));
        return verdict(
          lengths.every((length) => length === lengths[0]),
          `the sentences have ${lengths.join(', ')} characters`,
        );
      },
    };
  },
});

/** The five `ratio:*` instructions of IFBench 8a66c06. */
export const ratioInstructions: readonly InstructionDefinition[] = [
  stopWords,
  sentenceType,
  sentenceBalance,
  overlap,
  sentenceWords,
];
