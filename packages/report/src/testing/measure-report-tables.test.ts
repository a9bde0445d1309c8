import { describe, expect, it } from 'vitest';
import { hiddenContentProblems, type ReportTableLayout } from './measure-report-tables.js';

const table = (overrides: Partial<ReportTableLayout>): ReportTableLayout => ({
  id: 'main',
  fits: true,
  scrolls: false,
  clipped: 0,
  invisibleHeaders: 0,
  ...overrides,
});

describe('hiddenContentProblems', () => {
  it('finds nothing when every table fits or scrolls and the page does not overflow', () => {
    expect(
      hiddenContentProblems({
        pageOverflow: 0,
        mainWidth: 1000,
        tables: [table({}), table({ id: 'cells', fits: false, scrolls: true })],
      }),
    ).toEqual([]);
  });

  it('names each table that hides something, and a page wider than the viewport', () => {
    expect(
      hiddenContentProblems({
        pageOverflow: 24,
        mainWidth: 1000,
        tables: [
          table({ id: 'main', fits: false }),
          table({ id: 'cells', clipped: 2, invisibleHeaders: 1, scrolls: true, fits: false }),
        ],
      }),
    ).toEqual([
      'the page is 24 px wider than the viewport',
      'table main is wider than its box, which does not scroll',
      'table cells cuts off 2 cell(s)',
      'table cells has 1 invisible header(s)',
    ]);
  });
});
