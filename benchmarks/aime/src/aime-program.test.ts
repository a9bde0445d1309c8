import { describe, expect, it } from 'vitest';
import { parseAimeResponse } from './aime-program.js';

describe('parseAimeResponse', () => {
  it('takes the last answer block as written', () => {
    expect(parseAimeResponse('Try <answer>12</answer>, no: <answer> 13 </answer>')).toEqual({
      answer: ' 13 ',
    });
    expect(parseAimeResponse('<ANSWER>\\boxed{7}</ANSWER>')).toEqual({ answer: '\\boxed{7}' });
  });

  it('accepts a response that is only an integer', () => {
    expect(parseAimeResponse(' 042\n')).toEqual({ answer: ' 042\n' });
  });

  it('finds no prediction in prose without a block', () => {
    expect(parseAimeResponse('The answer is 42.')).toEqual({});
  });
});
