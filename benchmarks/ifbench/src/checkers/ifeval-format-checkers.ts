import { isPythonJson } from '../python/python-json.js';
import { compilePythonPattern, PYTHON_SPACE } from '../python/python-regex.js';
import {
  codePoints,
  isPythonLower,
  isPythonUpper,
  lstripCharacters,
  pythonStrip,
  rstripCharacters,
  stripCharacters,
} from '../python/python-text.js';
import { detectLanguage } from '../text/detect-language.js';
import { wordTokenize } from '../text/word-tokenize.js';
import { defineInstruction } from './define-instruction.js';
import { compare, readRelation } from './ifeval-shared.js';
import type { InstructionDefinition } from './instruction.js';
import { verdict } from './instruction.js';

// Python's MULTILINE `^` and `$` without JavaScript's extra line terminators.
const lineStart = '(?:^|(?<=\\n))';
const lineEnd = '(?=\\n|$)';
const starBullet = new RegExp(`${lineStart}${PYTHON_SPACE}*\\*[^*][^\\n]*${lineEnd}`, 'gu');
const dashBullet = new RegExp(`${lineStart}${PYTHON_SPACE}*-[^\\n]*${lineEnd}`, 'gu');

const bulletLists = defineInstruction({
  id: 'detectable_format:number_bullet_lists',
  summary: 'Exactly num_bullets lines starting with "* " (not "**") or "-" (Markdown bullets).',
  kwargs: [{ name: 'num_bullets', type: 'number', description: 'Exact number of bullet points.' }],
  build(kwargs) {
    const expected = kwargs.number('num_bullets');
    return {
      description: `Your answer must contain exactly ${expected} bullet points. Use the markdown bullet points such as:\n* This is point 1. \n* This is point 2`,
      check(response) {
        const found =
          (response.match(starBullet)?.length ?? 0) + (response.match(dashBullet)?.length ?? 0);
        return verdict(found === expected, `it has ${found} bullet points`);
      },
    };
  },
});

const constrainedOptions = ['My answer is yes.', 'My answer is no.', 'My answer is maybe.'];

const constrainedResponse = defineInstruction({
  id: 'detectable_format:constrained_response',
  summary: 'Must contain "My answer is yes.", "My answer is no." or "My answer is maybe.".',
  build() {
    return {
      description: `Answer with one of the following options: ('My answer is yes.', 'My answer is no.', 'My answer is maybe.')`,
      check(response) {
        const text = pythonStrip(response);
        return verdict(
          constrainedOptions.some((option) => text.includes(option)),
          'it uses none of the three answers',
        );
      },
    };
  },
});

const highlightedSections = defineInstruction({
  id: 'detectable_format:number_highlighted_sections',
  summary:
    'At least num_highlights non-empty *highlighted* spans; a **bold** span counts again as a double highlight.',
  kwargs: [
    {
      name: 'num_highlights',
      type: 'number',
      description: 'Least number of highlighted sections.',
    },
  ],
  build(kwargs) {
    const least = kwargs.number('num_highlights');
    return {
      description: `Highlight at least ${least} sections in your answer with markdown, i.e. *highlighted section*.`,
      check(response) {
        let found = 0;
        for (const highlight of response.match(/\*[^\n*]*\*/g) ?? []) {
          if (pythonStrip(stripCharacters(highlight, '*')) !== '') found++;
        }
        for (const highlight of response.match(/\*\*[^\n*]*\*\*/g) ?? []) {
          if (pythonStrip(highlight.slice(2, -2)) !== '') found++;
        }
        return verdict(found >= least, `it has ${found} highlighted sections`);
      },
    };
  },
});

const multipleSections = defineInstruction({
  id: 'detectable_format:multiple_sections',
  summary: 'At least num_sections sections introduced by "<section_spliter> <number>".',
  kwargs: [
    {
      name: 'section_spliter',
      type: 'string',
      description: 'The section keyword, e.g. "Section".',
    },
    { name: 'num_sections', type: 'number', description: 'Least number of sections.' },
  ],
  build(kwargs) {
    const splitter = pythonStrip(kwargs.string('section_spliter'));
    const least = kwargs.number('num_sections');
    return {
      description: `Your response must have ${least} sections. Mark the beginning of each section with ${splitter} X, such as:\n${splitter} 1\n[content of section 1]\n${splitter} 2\n[content of section 2]`,
      check(response) {
        const pattern = compilePythonPattern(`\\s?${splitter}\\s?\\p{Nd}+\\s?`, '');
        const found = response.split(pattern).length - 1;
        return verdict(found >= least, `it has ${found} sections`);
      },
    };
  },
});

const jsonFormat = defineInstruction({
  id: 'detectable_format:json_format',
  summary:
    'The stripped response, without a ```json / ``` fence, must parse with Python json.loads.',
  build() {
    return {
      description:
        'Entire output should be wrapped in JSON format. You can use markdown ticks such as ```.',
      check(response) {
        let text = pythonStrip(response);
        for (const prefix of ['```json', '```Json', '```JSON', '```']) {
          if (text.startsWith(prefix)) text = text.slice(prefix.length);
        }
        if (text.endsWith('```')) text = text.slice(0, -3);
        return verdict(isPythonJson(pythonStrip(text)), 'the response is not valid JSON');
      },
    };
  },
});

const title = defineInstruction({
  id: 'detectable_format:title',
  summary:
    'Must contain a non-empty title in double angular brackets, like <<poem of joy>>, on one line.',
  build() {
    return {
      description:
        'Your answer must contain a title, wrapped in double angular brackets, such as <<poem of joy>>.',
      check(response) {
        const titles = response.match(/<<[^\n]+>>/g) ?? [];
        const found = titles.some(
          (found) => pythonStrip(rstripCharacters(lstripCharacters(found, '<'), '>')) !== '',
        );
        return verdict(found, 'there is no <<title>>');
      },
    };
  },
});

const twoResponses = defineInstruction({
  id: 'combination:two_responses',
  summary:
    'Exactly two different non-empty responses separated by "******" (empty parts allowed only at the ends).',
  build() {
    return {
      description:
        'Give two different responses. Responses and only responses should be separated by 6 asterisk symbols: ******.',
      check(response) {
        const parts = response.split('******');
        const valid: string[] = [];
        for (const [index, part] of parts.entries()) {
          if (pythonStrip(part) === '') {
            if (index !== 0 && index !== parts.length - 1)
              return verdict(false, 'an inner response is empty');
          } else {
            valid.push(part);
          }
        }
        return verdict(
          valid.length === 2 && pythonStrip(valid[0] as string) !== pythonStrip(valid[1] as string),
          valid.length === 2
            ? 'the two responses are the same'
            : `it has ${valid.length} responses`,
        );
      },
    };
  },
});

const repeatPrompt = defineInstruction({
  id: 'combination:repeat_prompt',
  summary: 'The response must start with prompt_to_repeat (both stripped and lowercased).',
  kwargs: [
    { name: 'prompt_to_repeat', type: 'string', description: 'The request to repeat first.' },
  ],
  build(kwargs) {
    const prompt = kwargs.string('prompt_to_repeat', { nonEmpty: true });
    return {
      description:
        'First repeat the request word for word without change, then give your answer (1. do not say any words or characters before repeating the request; 2. the request you need to repeat does not include this sentence)',
      check(response) {
        return verdict(
          pythonStrip(response).toLowerCase().startsWith(pythonStrip(prompt).toLowerCase()),
          'the response does not start with the request',
        );
      },
    };
  },
});

const endChecker = defineInstruction({
  id: 'startend:end_checker',
  summary: 'The response (stripped, then stripped of ", lowercased) must end with end_phrase.',
  kwargs: [{ name: 'end_phrase', type: 'string', description: 'The phrase to end with.' }],
  build(kwargs) {
    const phrase = pythonStrip(kwargs.string('end_phrase'));
    return {
      description: `Finish your response with this exact phrase ${phrase}. No other words should follow this phrase.`,
      check(response) {
        const text = stripCharacters(pythonStrip(response), '"').toLowerCase();
        return verdict(
          text.endsWith(pythonStrip(phrase).toLowerCase()),
          `it does not end with "${phrase}"`,
        );
      },
    };
  },
});

const quotation = defineInstruction({
  id: 'startend:quotation',
  summary:
    'The stripped response must start and end with a double quote (and be longer than one character).',
  build() {
    return {
      description: 'Wrap your entire response with double quotation marks.',
      check(response) {
        const characters = codePoints(pythonStrip(response));
        return verdict(
          characters.length > 1 &&
            characters[0] === '"' &&
            characters[characters.length - 1] === '"',
          'the response is not wrapped in double quotes',
        );
      },
    };
  },
});

const capitalWordFrequency = defineInstruction({
  id: 'change_case:capital_word_frequency',
  summary:
    'The number of all-uppercase word_tokenize tokens must be fewer than / at least capital_frequency.',
  kwargs: [
    { name: 'capital_frequency', type: 'signed number', description: 'The threshold.' },
    { name: 'capital_relation', type: 'string', description: '"less than" or "at least".' },
  ],
  build(kwargs) {
    const threshold = kwargs.number('capital_frequency');
    const relation = readRelation('change_case:capital_word_frequency', kwargs, 'capital_relation');
    return {
      description: `In your response, words with all capital letters should appear ${relation} ${threshold} times.`,
      check(response) {
        const found = wordTokenize(response).filter(isPythonUpper).length;
        return verdict(compare(found, relation, threshold), `it has ${found} all-capital words`);
      },
    };
  },
});

function inEnglish(response: string): boolean {
  const detected = detectLanguage(response);
  // IFEval counts text langdetect cannot classify as followed.
  return detected === undefined || detected === 'en';
}

const englishCapital = defineInstruction({
  id: 'change_case:english_capital',
  summary:
    'The response must be all uppercase (str.isupper) and detected as English by langdetect.',
  build() {
    return {
      description: 'Your entire response should be in English, and in all capital letters.',
      check(response) {
        if (!isPythonUpper(response)) return verdict(false, 'it is not all in capital letters');
        return verdict(inEnglish(response), 'it is not detected as English');
      },
    };
  },
});

const englishLowercase = defineInstruction({
  id: 'change_case:english_lowercase',
  summary:
    'The response must be all lowercase (str.islower) and detected as English by langdetect.',
  build() {
    return {
      description:
        'Your entire response should be in English, and in all lowercase letters. No capital letters are allowed.',
      check(response) {
        if (!isPythonLower(response)) return verdict(false, 'it is not all in lowercase letters');
        return verdict(inEnglish(response), 'it is not detected as English');
      },
    };
  },
});

const noComma = defineInstruction({
  id: 'punctuation:no_comma',
  summary: 'No comma anywhere.',
  build() {
    return {
      description: 'In your entire response, refrain from the use of any commas.',
      check(response) {
        return verdict(!response.includes(','), 'it contains a comma');
      },
    };
  },
});

/** The fourteen format, combination, start/end, case and punctuation instructions of IFEval. */
export const ifevalFormatInstructions: readonly InstructionDefinition[] = [
  bulletLists,
  constrainedResponse,
  highlightedSections,
  multipleSections,
  jsonFormat,
  title,
  twoResponses,
  repeatPrompt,
  endChecker,
  capitalWordFrequency,
  englishCapital,
  englishLowercase,
  noComma,
  quotation,
];
