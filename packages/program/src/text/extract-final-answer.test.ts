import { describe, expect, it } from 'vitest';
import { extractFinalAnswer, findFinalAnswer } from './extract-final-answer.js';

// [response, extract_final_answer(response)], printed by a CPython 3.11 re-implementation of
// Meta-Harness evaluators.py: fences, whole-text and embedded JSON, json.loads quirks, str().
const vectors: readonly (readonly [string, string])[] = [
  ['{"reasoning": "r", "final_answer": "LongTermDebt"}', 'LongTermDebt'],
  ['  {"final_answer": "LineOfCredit"}  \n', 'LineOfCredit'],
  [
    '```json\n{"reasoning": "r", "final_answer": "DebtInstrumentFaceAmount"}\n```',
    'DebtInstrumentFaceAmount',
  ],
  ['```json\n{"final_answer": "A"}\n```\n```json\n{"final_answer": "B"}\n```', 'A'],
  ['```\n{"final_answer": "FromPlainFence"}\n```', 'FromPlainFence'],
  ['```JSON\n{"final_answer": "UpperFence"}\n```', 'UpperFence'],
  ['```json {"final_answer": "SameLine"} ```', 'SameLine'],
  ['```json\n\n```', '```json\n\n```'],
  ['```\nno json here\n```', '```\nno json here\n```'],
  ['```json\n{"final_answer": "Unclosed"}', 'Unclosed'],
  ['Here is my answer: {"reasoning": "x", "final_answer": "Embedded"} done.', 'Embedded'],
  ['Nested: {"final_answer": "Nest", "meta": {"k": 1}} end', 'Nest'],
  [
    'Too deep: {"a": {"b": {"c": 1}}, "final_answer": "Deep"}',
    'Too deep: {"a": {"b": {"c": 1}}, "final_answer": "Deep"}',
  ],
  [
    'First object wins: {"x": 1} then {"final_answer": "Second"}',
    'First object wins: {"x": 1} then {"final_answer": "Second"}',
  ],
  ['{"final_answer": "first", "final_answer": "last"}', 'last'],
  ['{"final_answer": NaN}', 'nan'],
  ['{"final_answer": Infinity}', 'inf'],
  ['{"final_answer": -Infinity}', '-inf'],
  ['{"final_answer": 1.0}', '1.0'],
  ['{"final_answer": 1e16}', '1e+16'],
  ['{"final_answer": 1E400}', 'inf'],
  ['{"final_answer": 0.0001}', '0.0001'],
  ['{"final_answer": 0.00001}', '1e-05'],
  ['{"final_answer": -0.0}', '-0.0'],
  ['{"final_answer": 123456789012345678901234567890}', '123456789012345678901234567890'],
  ['{"final_answer": 12.5e-3}', '0.0125'],
  ['{"final_answer": null}', 'None'],
  ['{"final_answer": true}', 'True'],
  ['{"final_answer": false}', 'False'],
  [
    '{"final_answer": ["LongTermDebt", 1, null, true, 2.50]}',
    "['LongTermDebt', 1, None, True, 2.5]",
  ],
  [
    '{"final_answer": {"tag": "LongTermDebt", "it\'s": "q\\"d", "n": {}}}',
    "{'tag': 'LongTermDebt', \"it's\": 'q\"d', 'n': {}}",
  ],
  ['{"final_answer": "tab\\there"}', 'tab\there'],
  [
    '{"final_answer": ["tab\\there", "\\u00e9\\u0000\\u200b\\ud83d\\ude00\\ud800", "back\\\\slash"]}',
    "['tab\\there', '\u00e9\\x00\\u200b\ud83d\ude00\\ud800', 'back\\\\slash']",
  ],
  [
    '{"final_answer": ["it\'s", "say \\"hi\\"", "both \' and \\""]}',
    "[\"it's\", 'say \"hi\"', 'both \\' and \"']",
  ],
  ['{"final_answer": "bad \u0001 control"}', '{"final_answer": "bad \u0001 control"}'],
  ['{"final_answer": "x",}', '{"final_answer": "x",}'],
  ["{'final_answer': 'single quotes'}", "{'final_answer': 'single quotes'}"],
  ['{"final_answer": 01}', '{"final_answer": 01}'],
  ['{"final_answer": .5}', '{"final_answer": .5}'],
  ['{"final_answer": 1.}', '{"final_answer": 1.}'],
  ['{"Final_Answer": "WrongKey"}', '{"Final_Answer": "WrongKey"}'],
  ['["final_answer"]', '["final_answer"]'],
  ['"final_answer"', '"final_answer"'],
  ['', ''],
  ['   ', '   '],
  ['LongTermDebt', 'LongTermDebt'],
  ['  LongTermDebt \n', '  LongTermDebt \n'],
  ['\ufeff{"final_answer": "Bom"}', 'Bom'],
  ['{"final_answer": "nbsp"}\u00a0', 'nbsp'],
  ['{"final_answer":\u00a0"nbsp inside"}', '{"final_answer":\u00a0"nbsp inside"}'],
  ['{"final_answer": "a"} trailing {"final_answer": "b"}', 'a'],
  ['```json\r\n{"final_answer": "CRLF"}\r\n```', 'CRLF'],
  ['```json\u2028{"final_answer": "LS"}\u2028```', 'LS'],
  ['```python\n{"final_answer": "Py"}\n```', 'Py'],
  ['``` json\n{"final_answer": "SpaceJson"}\n```', 'SpaceJson'],
  ['```jsonc\n{"final_answer": "Jsonc"}\n```', 'Jsonc'],
  ['{"final_answer": "\\ud83d\\ude00 smile"}', '\ud83d\ude00 smile'],
  ['{"final_answer": [1.5e300, 1e-7, 100.0, 3.14159]}', '[1.5e+300, 1e-07, 100.0, 3.14159]'],
];

describe('extractFinalAnswer', () => {
  it.each(vectors)('%j → %j, as CPython', (response, expected) => {
    expect(extractFinalAnswer(response)).toBe(expected);
  });
});

describe('findFinalAnswer', () => {
  it('says which rule produced the answer', () => {
    expect(findFinalAnswer('{"final_answer": "LongTermDebt"}')).toEqual({
      answer: 'LongTermDebt',
      source: 'json',
      unfenced: false,
    });
    expect(findFinalAnswer('```json\n{"final_answer": "A"}\n```')).toEqual({
      answer: 'A',
      source: 'json',
      unfenced: true,
    });
    expect(findFinalAnswer('So: {"final_answer": "B"}.')).toMatchObject({
      source: 'embedded-json',
    });
    expect(findFinalAnswer('LongTermDebt')).toEqual({
      answer: 'LongTermDebt',
      source: 'response',
      unfenced: false,
    });
  });
});
