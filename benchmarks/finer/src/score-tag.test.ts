import { describe, expect, it } from 'vitest';
import { scoreTag } from './score-tag.js';

describe('scoreTag', () => {
  it('compares the extracted final answer case-insensitively after stripping', () => {
    expect(scoreTag('{"reasoning": "r", "final_answer": " longtermdebt\\n"}', 'LongTermDebt')).toBe(
      1,
    );
    expect(scoreTag('```json\n{"final_answer": "LINEOFCREDIT"}\n```', 'LineOfCredit')).toBe(1);
    expect(scoreTag('I think: {"final_answer": "LongTermDebt"}', ' LongTermDebt ')).toBe(1);
  });

  it('falls back to the whole response when there is no usable JSON', () => {
    expect(scoreTag('  LongTermDebt\n', 'LongTermDebt')).toBe(1);
    expect(scoreTag('The tag is LongTermDebt', 'LongTermDebt')).toBe(0);
  });

  it('does no prefix or vocabulary matching', () => {
    expect(scoreTag('{"final_answer": "LongTermDebtFairValue"}', 'LongTermDebt')).toBe(0);
    expect(scoreTag('{"final_answer": "us-gaap:LongTermDebt"}', 'LongTermDebt')).toBe(0);
  });

  it('compares str() of non-string answers', () => {
    expect(scoreTag('{"final_answer": ["LongTermDebt"]}', 'LongTermDebt')).toBe(0);
    expect(scoreTag('{"final_answer": ["LongTermDebt"]}', "['LongTermDebt']")).toBe(1);
    expect(scoreTag('{"final_answer": null}', 'none')).toBe(1);
  });

  it('uses the last of repeated final_answer keys', () => {
    expect(
      scoreTag('{"final_answer": "LineOfCredit", "final_answer": "LongTermDebt"}', 'LongTermDebt'),
    ).toBe(1);
  });
});
