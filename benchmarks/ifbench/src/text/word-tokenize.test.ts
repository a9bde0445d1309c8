import { describe, expect, it } from 'vitest';
import { punktSentences } from './punkt-sentence-tokenizer.js';
import { wordTokenize } from './word-tokenize.js';

// Expected sentences and tokens printed by NLTK's pretrained English PunktSentenceTokenizer and
// its NLTKWordTokenizer (NLTK source, CPython 3.11). The last rows split only because of the
// orthographic context ("J." followed by a word Punkt saw capitalised mid-sentence).
const cases: ReadonlyArray<readonly [string, readonly string[], readonly string[]]> = [
  [
    'Hello world. This is Dr. Smith, Ph.D. He arrived at 3 p.m. yesterday!',
    ['Hello world.', 'This is Dr. Smith, Ph.D.', 'He arrived at 3 p.m. yesterday!'],
    [
      'Hello',
      'world',
      '.',
      'This',
      'is',
      'Dr.',
      'Smith',
      ',',
      'Ph.D',
      '.',
      'He',
      'arrived',
      'at',
      '3',
      'p.m.',
      'yesterday',
      '!',
    ],
  ],
  [
    'I can\'t believe it\'s "quoted" (really) -- right?',
    ['I can\'t believe it\'s "quoted" (really) -- right?'],
    [
      'I',
      'ca',
      "n't",
      'believe',
      'it',
      "'s",
      '``',
      'quoted',
      "''",
      '(',
      'really',
      ')',
      '--',
      'right',
      '?',
    ],
  ],
  [
    'Mr. J. Bach wrote 3. Then he left... and came back.',
    ['Mr. J. Bach wrote 3.', 'Then he left... and came back.'],
    [
      'Mr.',
      'J.',
      'Bach',
      'wrote',
      '3',
      '.',
      'Then',
      'he',
      'left',
      '...',
      'and',
      'came',
      'back',
      '.',
    ],
  ],
  ['end.', ['end.'], ['end', '.']],
  [
    'Hi. keyword is here. Bye keyword .',
    ['Hi.', 'keyword is here.', 'Bye keyword .'],
    ['Hi', '.', 'keyword', 'is', 'here', '.', 'Bye', 'keyword', '.'],
  ],
  [
    "Cannot stop, gonna win. 'Tis true; 'twas fine.",
    ['Cannot stop, gonna win.', "'Tis true; 'twas fine."],
    [
      'Can',
      'not',
      'stop',
      ',',
      'gon',
      'na',
      'win',
      '.',
      "'T",
      'is',
      'true',
      ';',
      "'t",
      'was',
      'fine',
      '.',
    ],
  ],
  [
    'He said "Hi!" Then he left.',
    ['He said "Hi!"', 'Then he left.'],
    ['He', 'said', '``', 'Hi', '!', "''", 'Then', 'he', 'left', '.'],
  ],
  ['(Sent1.) Sent2.', ['(Sent1.)', 'Sent2.'], ['(', 'Sent1', '.', ')', 'Sent2', '.']],
  [
    'We paid $3.50 for 1,000 items: great, right?',
    ['We paid $3.50 for 1,000 items: great, right?'],
    ['We', 'paid', '$', '3.50', 'for', '1,000', 'items', ':', 'great', ',', 'right', '?'],
  ],
  [
    'Email me at a@b.com #tag & more*stars*',
    ['Email me at a@b.com #tag & more*stars*'],
    ['Email', 'me', 'at', 'a', '@', 'b.com', '#', 'tag', '&', 'more', '*', 'stars', '*'],
  ],
  [
    '“Smart quotes” and ‘single’ ones... «guillemets»',
    ['“Smart quotes” and ‘single’ ones... «guillemets»'],
    ['“', 'Smart', 'quotes', '”', 'and', '‘', 'single', '’', 'ones', '...', '«', 'guillemets', '»'],
  ],
  [
    "She's here, they'll go, we've seen, I'd say, don't!",
    ["She's here, they'll go, we've seen, I'd say, don't!"],
    [
      'She',
      "'s",
      'here',
      ',',
      'they',
      "'ll",
      'go',
      ',',
      'we',
      "'ve",
      'seen',
      ',',
      'I',
      "'d",
      'say',
      ',',
      'do',
      "n't",
      '!',
    ],
  ],
  [
    'e.g. this is fine. No. 5 is next.',
    ['e.g.', 'this is fine.', 'No.', '5 is next.'],
    ['e.g', '.', 'this', 'is', 'fine', '.', 'No', '.', '5', 'is', 'next', '.'],
  ],
  [
    'Wait...what? Really!? Yes.',
    ['Wait...what?', 'Really!?', 'Yes.'],
    ['Wait', '...', 'what', '?', 'Really', '!', '?', 'Yes', '.'],
  ],
  [
    'The U.S. economy grew. It was good.',
    ['The U.S. economy grew.', 'It was good.'],
    ['The', 'U.S.', 'economy', 'grew', '.', 'It', 'was', 'good', '.'],
  ],
  ['a,\nb', ['a,\nb'], ['a', ',', 'b']],
  [
    'Line one.\nLine two\n\nLine three.',
    ['Line one.', 'Line two\n\nLine three.'],
    ['Line', 'one', '.', 'Line', 'two', 'Line', 'three', '.'],
  ],
  [
    "Gimme more'n that, lemme see, wanna go.",
    ["Gimme more'n that, lemme see, wanna go."],
    ['Gim', 'me', 'more', "'n", 'that', ',', 'lem', 'me', 'see', ',', 'wan', 'na', 'go', '.'],
  ],
  [
    'Title Case Words In A Row',
    ['Title Case Words In A Row'],
    ['Title', 'Case', 'Words', 'In', 'A', 'Row'],
  ],
  ['ends with colon:', ['ends with colon:'], ['ends', 'with', 'colon', ':']],
  ['x -- y --z', ['x -- y --z'], ['x', '--', 'y', '--', 'z']],
  [
    'It cost 3. million dollars.',
    ['It cost 3. million dollars.'],
    ['It', 'cost', '3.', 'million', 'dollars', '.'],
  ],
  [
    'The year was 1999. The end.',
    ['The year was 1999.', 'The end.'],
    ['The', 'year', 'was', '1999', '.', 'The', 'end', '.'],
  ],
  ['Dr. smith went home.', ['Dr. smith went home.'], ['Dr.', 'smith', 'went', 'home', '.']],
  [
    'Prices rose 5. Analysts said so.',
    ['Prices rose 5.', 'Analysts said so.'],
    ['Prices', 'rose', '5', '.', 'Analysts', 'said', 'so', '.'],
  ],
  [
    '<i>Thesis</i> [bracketed] {braced}',
    ['<i>Thesis</i> [bracketed] {braced}'],
    ['<', 'i', '>', 'Thesis', '<', '/i', '>', '[', 'bracketed', ']', '{', 'braced', '}'],
  ],
  [
    'naïve café. Über alles.',
    ['naïve café.', 'Über alles.'],
    ['naïve', 'café', '.', 'Über', 'alles', '.'],
  ],
  [
    "He said 'hello' to 'em all.",
    ["He said 'hello' to 'em all."],
    ['He', 'said', "'hello", "'", 'to', "'em", 'all', '.'],
  ],
  ['Senate J. But the.', ['Senate J.', 'But the.'], ['Senate', 'J', '.', 'But', 'the', '.']],
  [
    'President J. He said.',
    ['President J.', 'He said.'],
    ['President', 'J', '.', 'He', 'said', '.'],
  ],
  [
    'Washington J. Motors Corp.',
    ['Washington J.', 'Motors Corp.'],
    ['Washington', 'J', '.', 'Motors', 'Corp', '.'],
  ],
  ['said J. We Motors.', ['said J.', 'We Motors.'], ['said', 'J', '.', 'We', 'Motors', '.']],
];

describe('punktSentences and wordTokenize', () => {
  it.each(cases.map((row, index) => [index, ...row] as const))(
    'case %i: %j',
    (_index, text, sentences, tokens) => {
      expect(punktSentences(text)).toEqual(sentences);
      expect(wordTokenize(text)).toEqual(tokens);
    },
  );
});
