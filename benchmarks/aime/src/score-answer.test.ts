import { InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { judgeAnswer, scoreAnswer } from './score-answer.js';

describe('scoreAnswer', () => {
  it('scores an exact integer match 1 and anything else 0', () => {
    expect(scoreAnswer('204', 204)).toBe(1);
    expect(scoreAnswer('203', 204)).toBe(0);
  });

  it('parses the stripped prediction with Python int() rules', () => {
    expect(scoreAnswer('  +0204\n', 204)).toBe(1);
    expect(scoreAnswer('2_04', 204)).toBe(1);
    expect(scoreAnswer('\uff12\uff10\uff14', 204)).toBe(1);
    // int() alone rejects U+001C, but the prediction is stripped first (SPEC §11).
    expect(scoreAnswer('\u001c204', 204)).toBe(1);
    expect(scoreAnswer('-5', -5)).toBe(1);
  });

  it('scores what int() would raise on as 0', () => {
    for (const prediction of [
      '204.0',
      '2__04',
      '\\boxed{204}',
      '**204**',
      'The answer is 204',
      '',
    ]) {
      expect(scoreAnswer(prediction, 204)).toBe(0);
    }
  });

  it('scores a missing prediction 0', () => {
    expect(scoreAnswer(undefined, 204)).toBe(0);
    expect(scoreAnswer(null, 204)).toBe(0);
  });

  it('accepts integer predictions and gold answers given as strings', () => {
    expect(scoreAnswer(204, '204')).toBe(1);
    expect(scoreAnswer(204n, '0204')).toBe(1);
    expect(scoreAnswer(204.5, 204)).toBe(0);
  });

  it('compares beyond 2^53 exactly', () => {
    expect(scoreAnswer('9007199254740993', '9007199254740993')).toBe(1);
    expect(scoreAnswer('9007199254740993', '9007199254740992')).toBe(0);
  });

  it('rejects a gold answer that is not an integer', () => {
    expect(() => scoreAnswer('1', 'one')).toThrow(InvalidArgumentError);
  });
});

describe('judgeAnswer', () => {
  it('reports the parsed values or why parsing failed', () => {
    expect(judgeAnswer('17', 18)).toEqual({ kind: 'parsed', score: 0, predicted: 17n, gold: 18n });
    expect(judgeAnswer('17.0', 18)).toEqual({
      kind: 'unparseable',
      score: 0,
      gold: 18n,
      reason: 'it is not a whole number',
    });
  });
});
