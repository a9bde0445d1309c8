import { compilePythonPattern, PYTHON_SPACE } from '../python/python-regex.js';
import { countWords, lstripCharacters, pythonSplit, pythonStrip } from '../python/python-text.js';
import { punktSentences } from '../text/punkt-sentence-tokenizer.js';
import { defineInstruction } from './define-instruction.js';
import { compare, readRelation } from './ifeval-shared.js';
import type { InstructionDefinition } from './instruction.js';
import { verdict } from './instruction.js';
import { InstructionKwargsError } from './instruction-kwargs-error.js';

const numberSentences = defineInstruction({
  id: 'length_constraints:number_sentences',
  summary:
    'The number of Punkt sentences (NLTK English) must be fewer than / at least num_sentences.',
  kwargs: [
    { name: 'num_sentences', type: 'number', description: 'The threshold.' },
    { name: 'relation', type: 'string', description: '"less than" or "at least".' },
  ],
  build(kwargs) {
    const threshold = kwargs.number('num_sentences');
    const relation = readRelation('length_constraints:number_sentences', kwargs, 'relation');
    return {
      description: `Your response should contain ${relation} ${threshold} sentences.`,
      check(response) {
        const found = punktSentences(response).length;
        return verdict(compare(found, relation, threshold), `it has ${found} sentences`);
      },
    };
  },
});

const dividerPattern = new RegExp(`${PYTHON_SPACE}?\\*\\*\\*${PYTHON_SPACE}?`, 'u');

const numberParagraphs = defineInstruction({
  id: 'length_constraints:number_paragraphs',
  summary:
    'Exactly num_paragraphs paragraphs separated by "***"; an empty paragraph is allowed only first or last.',
  kwargs: [{ name: 'num_paragraphs', type: 'number', description: 'Exact number of paragraphs.' }],
  build(kwargs) {
    const expected = kwargs.number('num_paragraphs');
    return {
      description: `There should be ${expected} paragraphs. Paragraphs are separated with the markdown divider: ***`,
      check(response) {
        const paragraphs = response.split(dividerPattern);
        let count = paragraphs.length;
        for (const [index, paragraph] of paragraphs.entries()) {
          if (pythonStrip(paragraph) !== '') continue;
          if (index === 0 || index === paragraphs.length - 1) count--;
          else return verdict(false, `paragraph ${index + 1} is empty`);
        }
        return verdict(count === expected, `it has ${count} paragraphs`);
      },
    };
  },
});

const numberWords = defineInstruction({
  id: 'length_constraints:number_words',
  summary: 'The number of \\w+ tokens must be fewer than / at least num_words.',
  kwargs: [
    { name: 'num_words', type: 'number', description: 'The threshold.' },
    { name: 'relation', type: 'string', description: '"less than" or "at least".' },
  ],
  build(kwargs) {
    const threshold = kwargs.number('num_words');
    const relation = readRelation('length_constraints:number_words', kwargs, 'relation');
    return {
      description: `Answer with ${relation} ${threshold} words.`,
      check(response) {
        const found = countWords(response);
        return verdict(compare(found, relation, threshold), `it has ${found} words`);
      },
    };
  },
});

const firstWordStops = new Set(['.', ',', '?', '!', "'", '"']);

const nthParagraphFirstWord = defineInstruction({
  id: 'length_constraints:nth_paragraph_first_word',
  summary:
    'Exactly num_paragraphs non-blank paragraphs separated by "\\n\\n", and paragraph nth_paragraph (counted in the raw split) must start with first_word (lowercased, up to the first . , ? ! \' ").',
  kwargs: [
    { name: 'num_paragraphs', type: 'number', description: 'Exact number of paragraphs.' },
    {
      name: 'nth_paragraph',
      type: 'number',
      description: '1-based paragraph that must start with the word.',
    },
    { name: 'first_word', type: 'string', description: 'The word that paragraph must start with.' },
  ],
  build(kwargs) {
    const expected = kwargs.number('num_paragraphs');
    const nth = kwargs.number('nth_paragraph');
    if (nth <= 0 || nth > expected) {
      throw new InstructionKwargsError({
        instructionId: 'length_constraints:nth_paragraph_first_word',
        field: 'nth_paragraph',
        message: `must be in 1..num_paragraphs, got ${nth} (the reference would draw a random one)`,
      });
    }
    const firstWord = kwargs.string('first_word').toLowerCase();
    return {
      description: `There should be ${expected} paragraphs. Paragraphs and only paragraphs are separated with each other by two new lines as if it was '\\n\\n' in python. Paragraph ${nth} must start with word ${firstWord}.`,
      check(response) {
        const paragraphs = response.split('\n\n');
        const count = paragraphs.filter((paragraph) => pythonStrip(paragraph) !== '').length;
        if (nth > count) return verdict(false, `it has only ${count} paragraphs`);
        const paragraph = pythonStrip(paragraphs[nth - 1] as string);
        if (paragraph === '') return verdict(false, `paragraph ${nth} is empty`);
        const word = lstripCharacters(
          lstripCharacters(pythonStrip(pythonSplit(paragraph)[0] as string), "'"),
          '"',
        );
        let found = '';
        for (const letter of word) {
          if (firstWordStops.has(letter)) break;
          found += letter.toLowerCase();
        }
        return verdict(
          count === expected && found === firstWord,
          count === expected
            ? `paragraph ${nth} starts with "${found}"`
            : `it has ${count} paragraphs`,
        );
      },
    };
  },
});

const placeholders = defineInstruction({
  id: 'detectable_content:number_placeholders',
  summary: 'At least num_placeholders square-bracket placeholders like [address] (on one line).',
  kwargs: [
    { name: 'num_placeholders', type: 'number', description: 'Least number of placeholders.' },
  ],
  build(kwargs) {
    const least = kwargs.number('num_placeholders');
    return {
      description: `The response must contain at least ${least} placeholders represented by square brackets, such as [address].`,
      check(response) {
        const found = response.match(/\[[^\n]*?\]/g)?.length ?? 0;
        return verdict(found >= least, `it has ${found} placeholders`);
      },
    };
  },
});

const postscript = defineInstruction({
  id: 'detectable_content:postscript',
  summary:
    'Some line must contain the postscript marker ("P.S." and "P.P.S" allow optional spaces; other markers are matched as case-insensitive patterns).',
  kwargs: [{ name: 'postscript_marker', type: 'string', description: 'The marker, e.g. "P.S.".' }],
  build(kwargs) {
    const marker = pythonStrip(kwargs.string('postscript_marker'));
    const space = PYTHON_SPACE;
    const body =
      marker === 'P.P.S'
        ? `${space}*p\\.${space}?p\\.${space}?s`
        : marker === 'P.S.'
          ? `${space}*p\\.${space}?s\\.`
          : `${space}*${marker.toLowerCase()}`;
    return {
      description: `At the end of your response, please explicitly add a postscript starting with ${marker}`,
      check(response) {
        const pattern = compilePythonPattern(`${body}[^\\n]*(?=\\n|$)`, '');
        return verdict(
          pattern.test(response.toLowerCase()),
          `there is no postscript starting with ${marker}`,
        );
      },
    };
  },
});

/** The six `length_constraints:*` and `detectable_content:*` instructions of IFEval. */
export const ifevalLengthInstructions: readonly InstructionDefinition[] = [
  numberSentences,
  numberParagraphs,
  numberWords,
  nthParagraphFirstWord,
  placeholders,
  postscript,
];
