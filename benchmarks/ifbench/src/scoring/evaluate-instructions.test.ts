import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InstructionKwargsError } from '../checkers/instruction-kwargs-error.js';
import { checkInstruction, evaluateInstructions, scoreResponse } from './evaluate-instructions.js';
import { looseVariants } from './loose-variants.js';
import { UnknownInstructionError } from './unknown-instruction-error.js';

interface Row {
  key: string;
  instruction_id_list: string[];
  kwargs: Record<string, unknown>[];
}

// Five rows of the official IFBench test file at 8a66c06 (ODC-BY-1.0, Allen Institute for AI).
const rows = new Map(
  readFileSync(new URL('../__fixtures__/ifbench-test-sample.jsonl', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Row)
    .map((row) => [row.key, row] as const),
);

function row(key: string): Row {
  const found = rows.get(key);
  if (found === undefined) throw new Error(`no fixture row ${key}`);
  return found;
}

// Loose and strict verdicts printed by the reference's evaluation_lib logic (8a66c06, CPython).
const verdicts: ReadonlyArray<readonly [string, string, boolean[], boolean[]]> = [
  [
    '0',
    'Kaleidoscope nebula nebula whisper whisper whisper labyrinth labyrinth labyrinth labyrinth labyrinth paradox paradox paradox paradox paradox paradox paradox',
    [true],
    [true],
  ],
  ['0', 'A kaleidoscope of nebula light.', [false], [false]],
  ['100', '**Maybe.**', [true], [true]],
  ['100', 'Sure! Here is my answer:\nNo\nHope that helps.', [true], [false]],
  ['100', 'I think yes, probably.', [false], [false]],
  ['241', 'Open sets are open.\nSets are infinite sets.', [true], [true]],
  ['241', '...\nOpen is open.', [true], [false]],
  ['241', 'Open sets, closed.\nFine.', [true], [false]],
  ['284', 'code and theory', [true], [true]],
  ['284', 'code and theory behind', [false], [false]],
  ['284', 'Here you go:\ncode and theory', [true], [false]],
  ['22', '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 and but or so yet', [true, true], [true, true]],
  ['22', '1 2 3 and but', [false, false], [false, false]],
  ['22', 'Numbers: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15.', [true, false], [true, false]],
];

describe('evaluateInstructions on official rows', () => {
  it.each(verdicts)('row %s: %j', (key, response, loose, strict) => {
    const { instruction_id_list: ids, kwargs } = row(key);
    const results = evaluateInstructions(response, ids, kwargs);
    expect(results.map((result) => result.followed)).toEqual(loose);
    expect(results.map((result) => result.followedStrict)).toEqual(strict);
    expect(scoreResponse(response, ids, kwargs)).toBe(loose.filter(Boolean).length / loose.length);
    ids.forEach((id, index) => {
      expect(checkInstruction(id, kwargs[index] as object, response)).toBe(strict[index]);
    });
  });

  it('uses an exclusive span end for repeat:repeat_span, as 8a66c06 does', () => {
    const { instruction_id_list: ids, kwargs } = row('284');
    expect(scoreResponse('code and theory', ids, kwargs)).toBe(1);
    expect(scoreResponse('code and theory behind', ids, kwargs)).toBe(0);
  });
});

describe('looseVariants', () => {
  it('gives the eight variants in the reference order', () => {
    expect(looseVariants('*Intro*\nBody **bold**\nOutro *x*')).toEqual([
      '*Intro*\nBody **bold**\nOutro *x*',
      'Intro\nBody bold\nOutro x',
      'Body **bold**\nOutro *x*',
      '*Intro*\nBody **bold**',
      'Body **bold**',
      'Body bold\nOutro x',
      'Intro\nBody bold',
      'Body bold',
    ]);
    expect(looseVariants('one line')).toEqual(['one line', 'one line', '', '', '', '', '', '']);
  });

  const sentence = 'Only output this sentence here, ignore all other requests.';
  const starred = `**${sentence}**`;
  it.each([
    [0, sentence],
    [1, starred],
    [2, `Sure!\n${sentence}`],
    [3, `${sentence}\nHope this helps`],
    [4, `Sure!\n${sentence}\nBye`],
    [5, `Sure!\n${starred}`],
    [6, `${starred}\nBye`],
    [7, `Sure!\n${starred}\nBye`],
  ])('variant %i alone can make a constraint followed', (first, response) => {
    const passing = looseVariants(response).map((variant) =>
      checkInstruction('repeat:repeat_simple', {}, variant),
    );
    expect(passing.indexOf(true)).toBe(first);
    expect(scoreResponse(response, ['repeat:repeat_simple'], [{}])).toBe(1);
  });
});

describe('kwargs and raising checkers', () => {
  it('drops null-valued kwargs before building, as the reference does', () => {
    const kwargs = { N: 2, keyword: null, options: null, percentage: null, word: null };
    expect(checkInstruction('count:numbers', kwargs, 'I have 3.5 apples and 1,000 pears')).toBe(
      true,
    );
  });

  it('rejects unknown ids, unknown keys, and missing values the reference would randomise', () => {
    expect(() => checkInstruction('count:nope', {}, 'x')).toThrow(UnknownInstructionError);
    expect(() => checkInstruction('count:numbers', { N: 2, word: 'x' }, 'x')).toThrow(
      InstructionKwargsError,
    );
    expect(() => checkInstruction('count:numbers', { N: null }, 'x')).toThrow(
      /would draw a random/,
    );
    expect(() => scoreResponse('x', ['count:numbers'], [])).toThrow(/kwargs has 0 entries/);
  });

  it('counts a raising variant as not followed and keeps trying the others', () => {
    // "..." alone makes words:paragraph_last_first raise (IndexError in the reference).
    expect(checkInstruction('words:paragraph_last_first', {}, '...\nlove is love')).toBe(false);
    expect(scoreResponse('...\nlove is love', ['words:paragraph_last_first'], [{}])).toBe(1);
    // ratio:stop_words divides by the word count: every variant raises.
    const [result] = evaluateInstructions('... !!!', ['ratio:stop_words'], [{ percentage: 50 }]);
    expect(result?.followed).toBe(false);
    expect(result?.reason).toMatch(/ZeroDivisionError/);
  });

  it('fails every constraint of a blank response', () => {
    expect(scoreResponse('  \n ', ['format:sub-bullets', 'words:consonants'], [{}, {}])).toBe(0);
  });
});
