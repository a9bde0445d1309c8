import { describe, expect, it } from 'vitest';
import { type NumberToken, scanDateText } from './scan-date-text.js';

const numbers = (text: string) =>
  scanDateText(text).filter((token): token is NumberToken => token.kind === 'number');

describe('scanDateText', () => {
  it('reads numbers with their separators, apostrophes and ordinal suffixes', () => {
    const [day, month, year] = numbers('Born 03.04.21.');
    expect([day?.digits, month?.digits, year?.digits]).toEqual(['03', '04', '21']);
    expect([day?.separatorAfter, month?.separatorAfter, year?.separatorAfter]).toEqual([
      '.',
      '.',
      undefined,
    ]);
    const named = numbers("Lease starts 3rd of Sept '21.");
    expect(named.map((token) => [token.value, token.ordinal, token.apostrophe])).toEqual([
      [3, true, false],
      [21, false, true],
    ]);
  });

  it('tells full month names from abbreviations and ignores words that only start like one', () => {
    const months = scanDateText('Marina saw March, Sept and Sep and Mayfair.').filter(
      (token) => token.kind === 'month',
    );
    expect(
      months.map((token) => token.kind === 'month' && [token.month, token.abbreviated]),
    ).toEqual([
      [3, false],
      [9, true],
      [9, true],
    ]);
  });

  it('marks labelled numbers, counts and clock times as distractors, and date parts as not', () => {
    const tokens = numbers(
      'Ticket 7: Order #4471: At 10:30: 3 items: Room 12: Invoice dated 5.6.2020.',
    );
    expect(tokens.map((token) => [token.value, token.distractor])).toEqual([
      [7, true],
      [4471, true],
      [10, true],
      [30, true],
      [3, true],
      [12, true],
      [5, false],
      [6, false],
      [2020, false],
    ]);
  });
});
