import { pythonWhitespaceClass } from '@forge/python-compat';
import { readPythonCsv } from '../python/python-csv.js';
import { pythonInteger } from '../python/python-integer.js';
import { pythonIndex } from '../python/python-runtime-error.js';
import {
  codePoints,
  findDigitRuns,
  foldToAscii,
  pythonLength,
  pythonSplit,
  pythonStrip,
  removePunctuation,
  stripPunctuationAndSpace,
  WORD_CHARACTER,
} from '../python/python-text.js';
import { splitIntoSentences } from '../text/split-into-sentences.js';
import { defineInstruction } from './define-instruction.js';
import type { InstructionDefinition } from './instruction.js';
import { verdict } from './instruction.js';

const space = pythonWhitespaceClass;

const multiples = defineInstruction({
  id: 'custom:multiples',
  summary: 'The digit runs of the response (after "," → ", ") must be exactly 14 21 28 35 42 49.',
  ignoresUnknownKwargs: true,
  build() {
    return {
      description: 'Count from 10 to 50 but only print multiples of 7.',
      check(response) {
        const numbers = findDigitRuns(response.replaceAll(',', ', '));
        return verdict(
          numbers.join(' ') === '14 21 28 35 42 49',
          `it lists ${numbers.join(' ') || 'no numbers'}`,
        );
      },
    };
  },
});

const questionSplitter = new RegExp(`\\n*(?:Question \\p{Nd}+[.|):;]?${space}*)`, 'u');
const optionLine = new RegExp(`^[A-Ea-e][.|)]${space}*${WORD_CHARACTER}+`, 'u');

const mcqCountLength = defineInstruction({
  id: 'custom:mcq_count_length',
  summary:
    'Must start with "Question"; exactly 4 questions, each with 5 option lines ("A." … "E)"), question texts strictly growing in length.',
  ignoresUnknownKwargs: true,
  build() {
    return {
      description:
        'Generate 4 multiple choice questions with 5 options each about \'20th century art history\'. Each question should start with the label "Question". The questions should get progressively longer. Do not provide an explanation.',
      check(response) {
        const start = response.indexOf('Question');
        // Python's value[-1:] when find() returns -1: the last character.
        const fromQuestion =
          start === -1 ? codePoints(response).slice(-1).join('') : response.slice(start);
        if (fromQuestion !== response) return verdict(false, 'it does not start with "Question"');
        let questions = response.split(questionSplitter);
        if (questions[0] === '') questions = questions.slice(1);
        questions = questions.filter((question) => pythonStrip(question) !== '').map(pythonStrip);
        if (questions.length !== 4) return verdict(false, `it has ${questions.length} questions`);
        const lengths: number[] = [];
        for (const [index, question] of questions.entries()) {
          let text = '';
          let optionCount = 0;
          let inOptions = false;
          for (const line of question.split('\n')) {
            if (optionLine.test(pythonStrip(line))) {
              optionCount++;
              inOptions = true;
            } else if (!inOptions) {
              text += ` ${pythonStrip(line)}`;
            }
          }
          if (optionCount !== 5)
            return verdict(false, `question ${index + 1} has ${optionCount} options`);
          lengths.push(pythonLength(pythonStrip(text)));
        }
        const growing = lengths.every(
          (length, index) => index === 0 || (lengths[index - 1] as number) < length,
        );
        return verdict(growing, `question lengths ${lengths.join(', ')} do not increase`);
      },
    };
  },
});

const reverseNewline = defineInstruction({
  id: 'custom:reverse_newline',
  summary:
    'From the first line containing "Zimbabwe", at least 52 non-empty lines (ends stripped of punctuation) in non-increasing order after NFKD→ASCII folding.',
  ignoresUnknownKwargs: true,
  build() {
    return {
      description:
        'List the countries of Africa in reverse alphabetical order, each on a new line.',
      check(response) {
        const lines = response
          .split('\n')
          .map(stripPunctuationAndSpace)
          .filter((line) => line !== '');
        const start = lines.findIndex((line) => line.includes('Zimbabwe'));
        if (start === -1) return verdict(false, 'no line contains "Zimbabwe"');
        const names = lines.slice(start).map(foldToAscii);
        if (names.length < 52)
          return verdict(false, `only ${names.length} lines from "Zimbabwe" on`);
        // After folding every name is ASCII, so code-unit order is Python's code-point order.
        const ordered = names.every(
          (name, index) => index === 0 || (names[index - 1] as string) >= name,
        );
        return verdict(ordered, 'the lines are not in reverse alphabetical order');
      },
    };
  },
});

const wordReverse = defineInstruction({
  id: 'custom:word_reverse',
  summary:
    'Lowercased, punctuation deleted and words reversed, the text must contain "bald eagle" and be one of its own regex-split sentences.',
  ignoresUnknownKwargs: true,
  build() {
    return {
      description:
        'What animal is the national symbol of the US? Respond to this query, but make your sentence in reverse order of what it should be, per word.',
      check(response) {
        const reversed = pythonSplit(removePunctuation(pythonStrip(response.toLowerCase())))
          .reverse()
          .join(' ');
        if (!reversed.includes('bald eagle'))
          return verdict(false, 'read backwards it does not say "bald eagle"');
        return verdict(
          splitIntoSentences(reversed).includes(reversed),
          'read backwards it is not one sentence',
        );
      },
    };
  },
});

const characterReverse = defineInstruction({
  id: 'custom:character_reverse',
  summary: 'Must contain "elgae dlab" ("bald eagle" reversed), case-insensitively.',
  ignoresUnknownKwargs: true,
  build() {
    return {
      description:
        'What animal is the national symbol of the US? Respond to this query, but make your sentence in reverse order of what it should be, per letter.',
      check(response) {
        return verdict(
          response.toLowerCase().includes('elgae dlab'),
          'it does not contain "elgae dlab"',
        );
      },
    };
  },
});

const sentenceAlphabet = defineInstruction({
  id: 'custom:sentence_alphabet',
  summary:
    'Exactly 26 sentences (regex splitter) whose first words start with a, b, …, z in order (case-insensitive).',
  ignoresUnknownKwargs: true,
  build() {
    return {
      description:
        "Tell me a 26-sentence story where each sentence's first word starts with the letters of the alphabet in order.",
      check(response) {
        const sentences = splitIntoSentences(response);
        if (sentences.length !== 26) return verdict(false, `it has ${sentences.length} sentences`);
        for (const [index, sentence] of sentences.entries()) {
          const first = pythonIndex(pythonSplit(sentence), 0).toLowerCase();
          const letter = String.fromCharCode(97 + index);
          if (codePoints(first)[0] !== letter)
            return verdict(false, `sentence ${index + 1} does not start with "${letter}"`);
        }
        return verdict(true);
      },
    };
  },
});

const capitals = (
  'Reykjavik Helsinki Oslo Tallinn Stockholm Riga Moscow Copenhagen Vilnius Minsk Dublin Berlin ' +
  'Amsterdam Warsaw London Brussels Prague Luxembourg Paris Vienna Bratislava Budapest Vaduz ' +
  'Chisinau Bern Ljubljana Zagreb'
).split(' ');

const europeanCapitalsSort = defineInstruction({
  id: 'custom:european_capitals_sort',
  summary:
    'After NFKD→ASCII folding, the comma-separated non-blank items must be exactly the 27 expected capitals in order (Reykjavik … Zagreb).',
  ignoresUnknownKwargs: true,
  build() {
    return {
      description:
        'Give me the names of all capital cities of european countries whose latitude is higher than than 45 degrees? List the capital cities without country names, separated by commas, sorted by latitude, from highest to lowest.',
      check(response) {
        const items = foldToAscii(response)
          .split(',')
          .filter((item) => pythonStrip(item) !== '');
        if (items.length !== capitals.length)
          return verdict(false, `it lists ${items.length} items instead of 27`);
        const wrong = items.findIndex((item, index) => pythonStrip(item) !== capitals[index]);
        return verdict(wrong === -1, `item ${wrong + 1} should be ${capitals[wrong]}`);
      },
    };
  },
});

const csvCity = defineInstruction({
  id: 'custom:csv_city',
  summary:
    'Python csv.reader must give exactly 8 rows (blank lines count), the header exactly ID,Country,City,Year,Count, and 5 fields in every row.',
  ignoresUnknownKwargs: true,
  build() {
    return {
      description:
        'Generate CSV data: The column names are ["ID", "Country", "City", "Year", "Count"], the data should be comma delimited. Please generate 7 rows.',
      check(response) {
        const rows = readPythonCsv(response);
        if (rows.length !== 8)
          return verdict(false, `the CSV has ${rows.length} rows instead of 8`);
        if (JSON.stringify(rows[0]) !== '["ID","Country","City","Year","Count"]') {
          return verdict(false, 'the header is not ID,Country,City,Year,Count');
        }
        const bad = rows.slice(1).findIndex((row) => row.length !== 5);
        return verdict(bad === -1, `row ${bad + 2} does not have 5 fields`);
      },
    };
  },
});

const productHeader =
  /^(ProductID|"ProductID"),[ \t]*(Category|"Category"),[ \t]*(Brand|"Brand"),[ \t]*(Price|"Price"),[ \t]*(Stock|"Stock")$/;
const specialField = new RegExp(
  `^"[^\\n]*[^\\p{Nd}\\p{L}\\p{N}_${space.slice(1, -1)}][^\\n]*"`,
  'u',
);

const csvSpecialCharacter = defineInstruction({
  id: 'custom:csv_special_character',
  summary:
    'Header ProductID,Category,Brand,Price,Stock (optionally quoted); with every " tripled, csv.reader must give exactly 15 rows of 5 fields, and some field must be a quoted text holding a special character.',
  ignoresUnknownKwargs: true,
  build() {
    return {
      description:
        'Generate CSV data: The column names are ["ProductID", "Category", "Brand", "Price", "Stock"], the data should be comma delimited. Please generate 14 rows. Add one field which contains a special character and enclose it in double quotes.',
      check(response) {
        const header = pythonStrip(response.split('\n')[0] as string);
        if (!productHeader.test(header))
          return verdict(false, 'the header is not ProductID,Category,Brand,Price,Stock');
        const rows = readPythonCsv(response.replaceAll('"', '"""'));
        if (rows.length !== 15)
          return verdict(false, `the CSV has ${rows.length} rows instead of 15`);
        for (const [index, row] of rows.slice(1).entries()) {
          if (row.length !== 5) return verdict(false, `row ${index + 2} does not have 5 fields`);
          if (row.some((field) => specialField.test(field))) return verdict(true);
        }
        return verdict(false, 'no quoted field holds a special character');
      },
    };
  },
});

const studentHeader =
  /^(StudentID|"StudentID")\t *(Subject|"Subject")\t *(Grade|"Grade")\t *(Semester|"Semester")\t *(Score|"Score")$/;

const csvQuotes = defineInstruction({
  id: 'custom:csv_quotes',
  summary:
    'Tab-separated header StudentID…Score; with every " tripled, a tab-delimited csv.reader must give exactly 4 rows of 5 fields, every field starting and ending with a quote; raises on an empty field.',
  ignoresUnknownKwargs: true,
  build() {
    return {
      description:
        'Generate CSV data: The column names are ["StudentID", "Subject", "Grade", "Semester", "Score"], the data should be tab delimited. Please generate 3 rows and enclose each single field in double quotes.',
      check(response) {
        const header = pythonStrip(response.split('\n')[0] as string);
        if (!studentHeader.test(header))
          return verdict(false, 'the header is not tab-separated StudentID…Score');
        const rows = readPythonCsv(response.replaceAll('"', '"""'), '\t');
        if (rows.length !== 4)
          return verdict(false, `the CSV has ${rows.length} rows instead of 4`);
        for (const [index, row] of rows.entries()) {
          if (row.length !== 5) return verdict(false, `row ${index + 1} does not have 5 fields`);
          for (const field of row) {
            const characters = codePoints(pythonStrip(field));
            if (
              pythonIndex(characters, 0, 'string') !== '"' ||
              pythonIndex(characters, -1, 'string') !== '"'
            ) {
              return verdict(false, `row ${index + 1} has a field not enclosed in double quotes`);
            }
          }
        }
        return verdict(true);
      },
    };
  },
});

const isoDate = /^\p{Nd}{4}-\p{Nd}{2}-\p{Nd}{2}$/u;

const dateFormatList = defineInstruction({
  id: 'custom:date_format_list',
  summary:
    'Comma-separated YYYY-MM-DD dates with years 1769–1821, months ≤ 12 and days within the month (29 for February); month 0 and day 0 pass.',
  ignoresUnknownKwargs: true,
  build() {
    return {
      description:
        'List the start dates of all the battles Napoleon fought separated by commas, use the following date format: YYYY-MM-DD. Do not provide an explanation.',
      check(response) {
        for (const raw of pythonStrip(response).split(',')) {
          const date = pythonStrip(raw);
          if (!isoDate.test(date)) return verdict(false, `"${date}" is not a YYYY-MM-DD date`);
          const [year, month, day] = date.split('-').map(pythonInteger) as [number, number, number];
          if (year < 1769 || year > 1821) return verdict(false, `${date} is outside 1769–1821`);
          if (month > 12) return verdict(false, `${date} has no such month`);
          const longest = [1, 3, 5, 7, 8, 10, 12].includes(month)
            ? 31
            : [4, 6, 9, 11].includes(month)
              ? 30
              : month === 2
                ? 29
                : Number.POSITIVE_INFINITY;
          if (day > longest) return verdict(false, `${date} has no such day`);
        }
        return verdict(true);
      },
    };
  },
});

/** The eleven `custom:*` instructions of IFBench 8a66c06. */
export const customInstructions: readonly InstructionDefinition[] = [
  multiples,
  mcqCountLength,
  reverseNewline,
  wordReverse,
  characterReverse,
  sentenceAlphabet,
  europeanCapitalsSort,
  csvCity,
  csvSpecialCharacter,
  csvQuotes,
  dateFormatList,
];
