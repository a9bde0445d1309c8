import { pythonIndex } from '../python/python-runtime-error.js';
import {
  codePoints,
  DIGITS,
  isPythonLower,
  isPythonSpace,
  isPythonUpper,
  PUNCTUATION,
  pythonCount,
  pythonSplit,
  pythonStrip,
  removePunctuation,
  stripCharacters,
  stripPunctuationAndSpace,
  WORD_CHARACTER,
} from '../python/python-text.js';
import { isEmojiCodePoint } from '../text/emoji.js';
import { splitIntoSentences } from '../text/split-into-sentences.js';
import { wordTokenize } from '../text/word-tokenize.js';
import { defineInstruction } from './define-instruction.js';
import type { InstructionDefinition } from './instruction.js';
import { verdict } from './instruction.js';

const openers: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };

const parentheses = defineInstruction({
  id: 'format:parentheses',
  summary:
    'Brackets ( [ { must nest at least 5 deep: succeeds when a correctly matched closer leaves the stack below a maximum depth of 5 or more; a mismatched closer resets.',
  build() {
    return {
      description: 'Nest parentheses (and [brackets {and braces}]) at least 5 levels deep.',
      check(response) {
        let stack: string[] = [];
        let deepest = 0;
        for (const character of response) {
          if ('([{'.includes(character)) {
            stack.push(character);
            deepest = Math.max(deepest, stack.length);
          } else if (character in openers) {
            if (stack.length > 0 && stack[stack.length - 1] === openers[character]) {
              stack.pop();
              if (deepest >= 5 && stack.length < deepest) return verdict(true);
            } else {
              stack = [];
              deepest = 0;
            }
          }
        }
        return verdict(false, 'no bracket group reaches 5 levels of nesting');
      },
    };
  },
});

const quotes = defineInstruction({
  id: 'format:quotes',
  summary:
    'Quotes (" and \', apostrophes included) must nest 3 deep: a quote equal to the innermost open one closes it, any other opens; succeeds once 3 levels have been closed below the deepest point.',
  build() {
    return {
      description:
        'Include quotes within quotes within quotes, at least 3 levels deep, alternating between double quotes and single quotes.',
      check(response) {
        const stack: string[] = [];
        let reached = 0;
        for (const character of response) {
          if (stack.length > 0 && character === stack[stack.length - 1]) {
            stack.pop();
            if (reached - stack.length >= 3) return verdict(true);
          } else if (character === '"' || character === "'") {
            stack.push(character);
            reached = Math.max(reached, stack.length);
          }
        }
        return verdict(false, 'quotes do not nest 3 levels deep');
      },
    };
  },
});

const strictOptions = new RegExp(
  `^(?:(?!${WORD_CHARACTER})[\\s\\S])*[aA](?:(?!${WORD_CHARACTER})[\\s\\S])*[bB](?:(?!${WORD_CHARACTER})[\\s\\S])*[cC]`,
  'u',
);

const options = defineInstruction({
  id: 'format:options',
  summary:
    'The whole response must be one of the options (split on "/", else on the substring "or", else on ","); letter options like "a), b), c)" must match exactly, others after stripping punctuation and lowercasing.',
  kwargs: [
    { name: 'options', type: 'string', description: 'The options text, e.g. "yes/no/maybe".' },
  ],
  build(kwargs) {
    const text = kwargs.string('options');
    const strict = strictOptions.test(text);
    const separator = text.includes('/') ? '/' : text.includes('or') ? 'or' : ',';
    const choices = text.split(separator).map(pythonStrip);
    return {
      description: `Answer with one of the following options: ${text}. Do not give any explanation.`,
      check(response) {
        if (strict)
          return verdict(
            choices.includes(response),
            'the response is not exactly one of the options',
          );
        const answer = stripPunctuationAndSpace(response).toLowerCase();
        return verdict(
          choices.some((choice) => stripPunctuationAndSpace(choice).toLowerCase() === answer),
          'the response is not one of the options',
        );
      },
    };
  },
});

const newline = defineInstruction({
  id: 'format:newline',
  summary:
    'After deleting punctuation, the number of non-empty lines must equal the number of words (one word per line).',
  build() {
    return {
      description: 'Write each word on a new line.',
      check(response) {
        const text = removePunctuation(response);
        const lines = pythonStrip(text)
          .split('\n')
          .filter((line) => line !== '');
        const words = pythonSplit(pythonStrip(text)).length;
        return verdict(lines.length === words, `${lines.length} lines for ${words} words`);
      },
    };
  },
});

function stripSentence(sentence: string): string[] {
  return codePoints(pythonStrip(removePunctuation(sentence)));
}

const emoji = defineInstruction({
  id: 'format:emoji',
  summary:
    'Every sentence must end with an emoji in its last or second-to-last character (after deleting punctuation), or the next sentence must start with one; raises on a sentence of only punctuation.',
  build() {
    return {
      description: 'Please use an emoji at the end of every sentence.',
      check(response) {
        const sentences = splitIntoSentences(response);
        for (const [index, sentence] of sentences.entries()) {
          const characters = stripSentence(sentence);
          const last = pythonIndex(characters, -1, 'string');
          const secondLast =
            characters.length > 1 ? (characters[characters.length - 2] as string) : last;
          if (isEmojiCodePoint(last) || isEmojiCodePoint(secondLast)) continue;
          if (index < sentences.length - 1) {
            const next = stripSentence(sentences[index + 1] as string);
            if (!isEmojiCodePoint(pythonIndex(next, 0, 'string'))) {
              return verdict(false, `sentence ${index + 1} does not end with an emoji`);
            }
          } else {
            return verdict(false, 'the last sentence does not end with an emoji');
          }
        }
        return verdict(true);
      },
    };
  },
});

/** The reference's blank-line removal, which edits the list while iterating over it. */
function removeBlankLinesLikeReference(lines: string[]): string[] {
  // 8a66c06: `for line in lines: if not line.strip(): lines.remove(line)` skips the item after
  // each removal, so some consecutive blank lines survive.
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (pythonStrip(line) === '') lines.splice(lines.indexOf(line), 1);
  }
  return lines;
}

function indentation(line: string): number {
  let count = 0;
  while (line[count] === ' ') count++;
  return count;
}

const lineIndent = defineInstruction({
  id: 'format:line_indent',
  summary:
    "Each line must be indented by more spaces than the line before; blank lines are removed the reference's way (some consecutive blank lines survive and then fail).",
  build() {
    return {
      description: 'Create stairs by incrementally indenting each new line.',
      check(response) {
        const lines = removeBlankLinesLikeReference(response.split('\n'));
        for (let index = 0; index + 1 < lines.length; index++) {
          if (indentation(lines[index + 1] as string) <= indentation(lines[index] as string)) {
            return verdict(false, `line ${index + 2} is not indented more than line ${index + 1}`);
          }
        }
        return verdict(true);
      },
    };
  },
});

const punctuationExceptQuote = PUNCTUATION.replace('"', '');

const quoteUnquote = defineInstruction({
  id: 'format:quote_unquote',
  summary:
    'Curly double quotes become ", whitespace is removed; fails if two quotes touch ("") or if the text ends with a quote once digits and other punctuation are stripped from its ends; raises if nothing is left.',
  build() {
    return {
      description: 'Every quoted phrase must be followed by an unquoted explanation.',
      check(response) {
        let text = response.replaceAll('“', '"').replaceAll('”', '"');
        text = text.replaceAll(`'"'`, '');
        text = pythonSplit(text).join('');
        if (text.includes('""')) return verdict(false, 'two quoted phrases touch');
        const core = codePoints(stripCharacters(text, DIGITS + punctuationExceptQuote));
        return verdict(
          pythonIndex(core, -1, 'string') !== '"',
          'the response ends with a quotation',
        );
      },
    };
  },
});

const list = defineInstruction({
  id: 'format:list',
  summary: 'The separator `sep` must occur at least twice (non-overlapping, anywhere in the text).',
  kwargs: [
    { name: 'sep', type: 'string', description: 'The marker to use instead of bullet points.' },
  ],
  build(kwargs) {
    const separator = kwargs.string('sep');
    return {
      description: `Answer with a list of items, instead of bullet points use ${separator}.`,
      check(response) {
        const found = pythonCount(response, separator);
        return verdict(found >= 2, `"${separator}" occurs ${found} times`);
      },
    };
  },
});

const thesis = defineInstruction({
  id: 'format:thesis',
  summary:
    'From the first <i> (else <em>), a closing </i> (else </em>) must follow; the text between (read 3 characters after the tag start, even for <em>) and the text after the closer must both be non-blank.',
  build() {
    return {
      description:
        'Each section must begin with a thesis statement in italics, use HTML to indicate the italics.',
      check(response) {
        let start = response.indexOf('<i>');
        if (start === -1) start = response.indexOf('<em>');
        if (start === -1) return verdict(false, 'there is no <i> or <em> tag');
        const text = response.slice(start);
        let end = text.indexOf('</i>');
        if (end === -1) end = text.indexOf('</em>');
        if (end === -1) return verdict(false, 'the italics are never closed');
        if (pythonStrip(text.slice(3, Math.max(end, 3))) === '')
          return verdict(false, 'the italic thesis is empty');
        return verdict(
          pythonStrip(text.slice(end + 4)) !== '',
          'no text follows the italic thesis',
        );
      },
    };
  },
});

const subBullets = defineInstruction({
  id: 'format:sub-bullets',
  summary: 'Every piece of the text after a "*" must contain a "-" somewhere before the next "*".',
  build() {
    return {
      description:
        'Your response must include bullet points denoted by * and at least one sub-bullet point denoted by - for each bullet point.',
      check(response) {
        const pieces = response.split('*').slice(1);
        const missing = pieces.findIndex((piece) => !piece.includes('-'));
        return verdict(missing === -1, `bullet ${missing + 1} has no "-" sub-bullet`);
      },
    };
  },
});

const noBulletsBullets = defineInstruction({
  id: 'format:no_bullets_bullets',
  summary:
    'Line by line: at least 2 sentences before the first line starting with "*", then only "*" lines (at least 2). A blank line before the bullets stops the sentence count (the reference reuses a variable).',
  build() {
    return {
      description:
        'Your answer must contain at least two sentences ending in a period followed by at least two bullet points denoted by *.',
      check(response) {
        // 8a66c06 stores the sentence list in the flag `sentences`, so an empty list (a blank
        // line) makes later non-bullet lines fail just as a bullet would.
        let beforeBullets: boolean | string[] = true;
        let sentenceCount = 0;
        let bulletCount = 0;
        for (const line of response.split('\n')) {
          if (pythonStrip(line).startsWith('*')) {
            beforeBullets = false;
            if (sentenceCount < 2)
              return verdict(false, 'fewer than two sentences come before the bullets');
            bulletCount++;
          } else if (
            beforeBullets === true ||
            (Array.isArray(beforeBullets) && beforeBullets.length > 0)
          ) {
            beforeBullets = splitIntoSentences(pythonStrip(line));
            sentenceCount += beforeBullets.length;
          } else {
            return verdict(false, 'a non-bullet line comes after the bullets');
          }
        }
        return verdict(bulletCount >= 2, `it has ${bulletCount} bullet lines`);
      },
    };
  },
});

const titleCase = defineInstruction({
  id: 'format:title_case',
  summary:
    'No word_tokenize token may be all-lowercase-after-a-lowercase-first-letter ("the", "a" passes as it has no tail) or lowercase-then-uppercase ("iPHONE"); capitalised and other tokens pass.',
  build() {
    return {
      description:
        'Write the entire response in title case (capitalize the first letter of every major word).',
      check(response) {
        for (const token of wordTokenize(response)) {
          const [first = '', ...rest] = codePoints(token);
          const tail = rest.join('');
          if (isPythonUpper(first) && isPythonLower(tail)) continue;
          if (isPythonLower(first) && (isPythonUpper(tail) || isPythonLower(tail))) {
            return verdict(false, `"${token}" is not capitalised`);
          }
        }
        return verdict(true);
      },
    };
  },
});

const outputTemplate = defineInstruction({
  id: 'format:output_template',
  summary:
    'Must contain "My Answer:", "My Conclusion:" and "Future Outlook:" (anywhere, any order).',
  build() {
    return {
      description:
        'Use this exact template for your response: My Answer: [answer] My Conclusion: [conclusion] Future Outlook: [outlook]',
      check(response) {
        const missing = ['My Answer:', 'My Conclusion:', 'Future Outlook:'].filter(
          (label) => !response.includes(label),
        );
        return verdict(missing.length === 0, `it lacks ${missing.join(', ')}`);
      },
    };
  },
});

const noWhitespace = defineInstruction({
  id: 'format:no_whitespace',
  summary: 'No character may be whitespace (Python str.isspace).',
  build() {
    return {
      description: 'The output should not contain any whitespace.',
      check(response) {
        return verdict(!codePoints(response).some(isPythonSpace), 'it contains whitespace');
      },
    };
  },
});

/** The fourteen `format:*` instructions of IFBench 8a66c06. */
export const formatInstructions: readonly InstructionDefinition[] = [
  parentheses,
  quotes,
  options,
  newline,
  emoji,
  lineIndent,
  quoteUnquote,
  list,
  thesis,
  subBullets,
  noBulletsBullets,
  titleCase,
  outputTemplate,
  noWhitespace,
];
