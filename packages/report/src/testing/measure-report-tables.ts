/** How one table of a report page sits in its box. */
export interface ReportTableLayout {
  /** The table's `data-table` id (of its enclosing block), or its class when it has none. */
  readonly id: string;
  /** True when the whole table fits in its box's width. */
  readonly fits: boolean;
  /** True when its box scrolls sideways (`overflow-x: auto | scroll`), so nothing is cut off. */
  readonly scrolls: boolean;
  /** How many of its cells cut their own text off (a cell narrower than its content). */
  readonly clipped: number;
  /** How many of its header cells the reader cannot see or reach (zero size, or hidden by CSS). */
  readonly invisibleHeaders: number;
}

/** The layout of a report page at the browser's current width. */
export interface ReportPageLayout {
  /** How far the page is wider than the viewport, in px (≤ 0: no sideways page scroll). */
  readonly pageOverflow: number;
  /** Every table on the page. */
  readonly tables: readonly ReportTableLayout[];
  /** The width of the page's `main`, in px. */
  readonly mainWidth: number;
}

/** The least of a browser page `measureReportTables` needs (playwright's `Page` fits). */
export interface EvaluatingPage {
  /** Runs a self-contained function in the page and resolves with its (serializable) result. */
  evaluate<Result>(pageFunction: () => Result): Promise<Result>;
}

/**
 * Measures every table of the report page open in `page`: whether it fits or scrolls, whether
 * a cell cuts its text off, whether a header is invisible, and whether the page itself overflows
 * sideways. The function runs inside the browser, so it is self-contained.
 */
export function measureReportTables(page: EvaluatingPage): Promise<ReportPageLayout> {
  return page.evaluate(() => {
    const tables = [...document.querySelectorAll('table')].map((table) => {
      const box = table.parentElement as HTMLElement;
      const overflowX = getComputedStyle(box).overflowX;
      const cells = [...table.querySelectorAll('th, td')] as HTMLElement[];
      const headers = [...table.querySelectorAll('thead th')] as HTMLElement[];
      return {
        id: table.closest('[data-table]')?.getAttribute('data-table') ?? table.className,
        fits: table.scrollWidth <= box.clientWidth + 1,
        scrolls: overflowX === 'auto' || overflowX === 'scroll',
        clipped: cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).length,
        invisibleHeaders: headers.filter((header) => {
          const rectangle = header.getBoundingClientRect();
          const style = getComputedStyle(header);
          return (
            rectangle.width === 0 ||
            rectangle.height === 0 ||
            style.visibility === 'hidden' ||
            style.display === 'none'
          );
        }).length,
      };
    });
    return {
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      tables,
      mainWidth: (document.querySelector('main') as HTMLElement).getBoundingClientRect().width,
    };
  });
}

/**
 * What a reader cannot see in `layout`, one sentence per problem (empty when nothing is
 * hidden): a page wider than the viewport, a table that neither fits nor scrolls, a cell that
 * cuts its text off, an invisible header.
 */
export function hiddenContentProblems(layout: ReportPageLayout): string[] {
  const problems: string[] = [];
  if (layout.pageOverflow > 0) {
    problems.push(`the page is ${layout.pageOverflow} px wider than the viewport`);
  }
  for (const table of layout.tables) {
    if (!table.fits && !table.scrolls) {
      problems.push(`table ${table.id} is wider than its box, which does not scroll`);
    }
    if (table.clipped > 0) problems.push(`table ${table.id} cuts off ${table.clipped} cell(s)`);
    if (table.invisibleHeaders > 0) {
      problems.push(`table ${table.id} has ${table.invisibleHeaders} invisible header(s)`);
    }
  }
  return problems;
}
