import { compilePythonPattern, WORD_BOUNDARY } from '../python/python-regex.js';
import { codePoints, pythonStrip } from '../python/python-text.js';
import { detectLanguage } from '../text/detect-language.js';
import { defineInstruction } from './define-instruction.js';
import { compare, LANGUAGE_NAMES, readRelation } from './ifeval-shared.js';
import type { InstructionDefinition } from './instruction.js';
import { verdict } from './instruction.js';
import { InstructionKwargsError } from './instruction-kwargs-error.js';

const existence = defineInstruction({
  id: 'keywords:existence',
  summary:
    'Every keyword must occur, as a case-insensitive regular-expression search (substrings count).',
  kwargs: [{ name: 'keywords', type: 'string list', description: 'Keywords that must appear.' }],
  build(kwargs) {
    const keywords = [...kwargs.strings('keywords')].sort();
    if (keywords.length === 0) {
      throw new InstructionKwargsError({
        instructionId: 'keywords:existence',
        field: 'keywords',
        message: 'is empty (the reference would draw random keywords)',
      });
    }
    return {
      description: `Include keywords ${JSON.stringify(keywords).replaceAll('"', "'").replaceAll(',', ', ')} in the response.`,
      check(response) {
        const missing = keywords.filter(
          (keyword) => !compilePythonPattern(keyword, 'i').test(response),
        );
        return verdict(missing.length === 0, `it lacks ${missing.map((k) => `"${k}"`).join(', ')}`);
      },
    };
  },
});

const frequency = defineInstruction({
  id: 'keywords:frequency',
  summary:
    'The keyword (a case-insensitive regular expression) must occur fewer than / at least `frequency` times.',
  kwargs: [
    { name: 'keyword', type: 'string', description: 'The keyword.' },
    { name: 'frequency', type: 'number', description: 'The threshold.' },
    { name: 'relation', type: 'string', description: '"less than" or "at least".' },
  ],
  build(kwargs) {
    const keyword = pythonStrip(kwargs.string('keyword', { nonEmpty: true }));
    const threshold = kwargs.number('frequency');
    const relation = readRelation('keywords:frequency', kwargs, 'relation');
    return {
      description: `In your response, the word ${keyword} should appear ${relation} ${threshold} times.`,
      check(response) {
        const found = response.match(compilePythonPattern(keyword, 'gi'))?.length ?? 0;
        return verdict(compare(found, relation, threshold), `"${keyword}" occurs ${found} times`);
      },
    };
  },
});

const forbiddenWords = defineInstruction({
  id: 'keywords:forbidden_words',
  summary:
    'None of the words may occur as a whole word (case-insensitive, Unicode word boundaries).',
  kwargs: [
    { name: 'forbidden_words', type: 'string list', description: 'Words that must not appear.' },
  ],
  build(kwargs) {
    const words = [...new Set(kwargs.strings('forbidden_words'))].sort();
    if (words.length === 0) {
      throw new InstructionKwargsError({
        instructionId: 'keywords:forbidden_words',
        field: 'forbidden_words',
        message: 'is empty (the reference would draw random words)',
      });
    }
    return {
      description: `Do not include keywords ${JSON.stringify(words).replaceAll('"', "'").replaceAll(',', ', ')} in the response.`,
      check(response) {
        const used = words.find((word) =>
          compilePythonPattern(`${WORD_BOUNDARY}${word}${WORD_BOUNDARY}`, 'i').test(response),
        );
        return verdict(used === undefined, `it uses the forbidden word "${used}"`);
      },
    };
  },
});

const letterFrequency = defineInstruction({
  id: 'keywords:letter_frequency',
  summary:
    'The letter must occur fewer than / at least `let_frequency` times in the lowercased response.',
  kwargs: [
    { name: 'letter', type: 'string', description: 'One letter a–z.' },
    { name: 'let_frequency', type: 'number', description: 'The threshold.' },
    { name: 'let_relation', type: 'string', description: '"less than" or "at least".' },
  ],
  build(kwargs) {
    const raw = kwargs.string('letter');
    const lower = raw.toLowerCase();
    if (codePoints(raw).length !== 1 || lower < 'a' || lower > 'z') {
      throw new InstructionKwargsError({
        instructionId: 'keywords:letter_frequency',
        field: 'letter',
        message: `must be one letter a–z, got ${JSON.stringify(raw)} (the reference would draw a random one)`,
      });
    }
    const letter = pythonStrip(raw).toLowerCase();
    const threshold = kwargs.number('let_frequency');
    const relation = readRelation('keywords:letter_frequency', kwargs, 'let_relation');
    return {
      description: `In your response, the letter ${letter} should appear ${relation} ${threshold} times.`,
      check(response) {
        const found = codePoints(response.toLowerCase()).filter(
          (character) => character === letter,
        ).length;
        return verdict(compare(found, relation, threshold), `"${letter}" occurs ${found} times`);
      },
    };
  },
});

const responseLanguage = defineInstruction({
  id: 'language:response_language',
  summary:
    'langdetect must identify the response as the given language; text it cannot classify passes.',
  kwargs: [
    {
      name: 'language',
      type: 'string',
      description: 'ISO 639-1 code, one of the 30 IFEval languages.',
    },
  ],
  build(kwargs) {
    const language = kwargs.string('language');
    const name = LANGUAGE_NAMES[language];
    if (name === undefined) {
      throw new InstructionKwargsError({
        instructionId: 'language:response_language',
        field: 'language',
        message: `must be one of ${Object.keys(LANGUAGE_NAMES).join(', ')}`,
      });
    }
    return {
      description: `Your ENTIRE response should be in ${name} language, no other language is allowed.`,
      check(response) {
        const detected = detectLanguage(response);
        // IFEval counts text langdetect cannot classify as followed.
        if (detected === undefined) return verdict(true);
        return verdict(detected === language, `the response reads as "${detected}"`);
      },
    };
  },
});

/** The five `keywords:*` and `language:*` instructions of IFEval (as GEPA vendored them). */
export const ifevalKeywordInstructions: readonly InstructionDefinition[] = [
  existence,
  frequency,
  forbiddenWords,
  letterFrequency,
  responseLanguage,
];
