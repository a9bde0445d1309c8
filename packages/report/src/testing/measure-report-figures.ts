import type { EvaluatingPage } from './measure-report-tables.js';

/** What a reader cannot see on the figures of a report page, measured in the browser. */
export interface ReportFigureLayout {
  /** Legend entries that overlap another entry, or a chart, of their figure. */
  readonly legendOverlaps: readonly string[];
  /** Small-multiple panels that overlap another panel or leave the viewport. */
  readonly panelOverlaps: readonly string[];
  /**
   * Texts cut off: an SVG text outside its drawing, an ellipsis, two texts of one drawing over
   * each other, a legend entry, panel heading or figure table cell narrower than its text.
   */
  readonly clipped: readonly string[];
  /** How many legends the page has. */
  readonly legends: number;
  /** How many figures (`figure[data-chart]`) the page has. */
  readonly figures: number;
  /** The `data-chart` of every figure without a legend. */
  readonly figuresWithoutLegend: readonly string[];
}

/**
 * Measures every figure of the report page open in `page` at the browser's current width:
 * legends and small-multiple panels that overlap, texts that are cut off, figures without a
 * legend. The function runs inside the browser, so it is self-contained. Each problem is named
 * `<data-chart>: <the first 60 characters of the text>`.
 */
export function measureReportFigures(page: EvaluatingPage): Promise<ReportFigureLayout> {
  return page.evaluate(() => {
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 0.5 &&
      b.left < a.right - 0.5 &&
      a.top < b.bottom - 0.5 &&
      b.top < a.bottom - 0.5;
    const name = (element: Element) =>
      `${element.closest('figure')?.getAttribute('data-chart') ?? '?'}: ${(element.textContent ?? '').slice(0, 60)}`;
    const legendOverlaps: string[] = [];
    const legends = [...document.querySelectorAll('.chart-legend')];
    for (const legend of legends) {
      const items = [...legend.querySelectorAll('.legend-item')];
      const charts = [...(legend.closest('figure')?.querySelectorAll('svg.chart') ?? [])];
      for (const [index, item] of items.entries()) {
        const box = item.getBoundingClientRect();
        for (const other of items.slice(index + 1)) {
          if (overlap(box, other.getBoundingClientRect()))
            legendOverlaps.push(`${name(item)} / ${name(other)}`);
        }
        for (const chart of charts) {
          if (overlap(box, chart.getBoundingClientRect()))
            legendOverlaps.push(`${name(item)} over a chart`);
        }
      }
    }
    const panelOverlaps: string[] = [];
    for (const grid of document.querySelectorAll('.small-multiples')) {
      const panels = [...grid.querySelectorAll(':scope > .small-multiple')];
      for (const [index, panel] of panels.entries()) {
        const box = panel.getBoundingClientRect();
        if (box.right > window.innerWidth) panelOverlaps.push(`${name(panel)} leaves the page`);
        for (const other of panels.slice(index + 1)) {
          if (overlap(box, other.getBoundingClientRect()))
            panelOverlaps.push(`${name(panel)} / ${name(other)}`);
        }
      }
    }
    const clipped: string[] = [];
    for (const text of document.querySelectorAll('figure svg.chart text')) {
      const svg = (text as SVGElement).ownerSVGElement?.getBoundingClientRect();
      const box = text.getBoundingClientRect();
      if (
        svg !== undefined &&
        (box.left < svg.left - 1 ||
          box.right > svg.right + 1 ||
          box.top < svg.top - 1 ||
          box.bottom > svg.bottom + 1)
      )
        clipped.push(`${name(text)} outside its drawing`);
      if ((text.textContent ?? '').includes('…')) clipped.push(`${name(text)} ellipsised`);
    }
    // Within a drawing, no two texts overlap (axis titles, tick labels, panel titles, ceilings).
    for (const svg of document.querySelectorAll('figure svg.chart')) {
      const texts = [...svg.querySelectorAll('text')].map((text) => ({
        text,
        box: text.getBoundingClientRect(),
      }));
      for (const [index, { text, box }] of texts.entries()) {
        for (const other of texts.slice(index + 1)) {
          if (overlap(box, other.box))
            clipped.push(`${name(text)} overlaps ${(other.text.textContent ?? '').slice(0, 40)}`);
        }
      }
    }
    const labels = document.querySelectorAll(
      'figure .legend-item, figure .panel-heading, figure .panel-summary, figure td, figure th',
    );
    for (const label of labels) {
      const element = label as HTMLElement;
      if (
        element.scrollWidth > element.clientWidth + 1 ||
        getComputedStyle(element).textOverflow === 'ellipsis'
      )
        clipped.push(`${name(element)} cut off`);
    }
    const figures = [...document.querySelectorAll('figure[data-chart]')];
    const figuresWithoutLegend = figures
      .filter((figure) => figure.querySelector('.chart-legend') === null)
      .map((figure) => figure.getAttribute('data-chart') ?? '?');
    return {
      legendOverlaps,
      panelOverlaps,
      clipped,
      legends: legends.length,
      figures: figures.length,
      figuresWithoutLegend,
    };
  });
}
