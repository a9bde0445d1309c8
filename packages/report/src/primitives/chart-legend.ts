import { escapeHtml } from './escape-html.js';
import { svgElement } from './svg-element.js';

/** How a legend entry's key is drawn. */
export type LegendMark = 'swatch' | 'line' | 'dashed-line' | 'band' | 'circle' | 'ceiling';

/** One entry of a chart's legend. */
export interface LegendItem {
  /** The text, shown whole (an entry wraps to the next line rather than being cut). */
  readonly label: string;
  /** The key's colour (any CSS colour). */
  readonly color: string;
  /** The key's shape; a filled square by default. */
  readonly mark?: LegendMark;
  /** A `data-legend-item` value a test or script can find the entry by. */
  readonly id?: string;
}

function keyMark(mark: LegendMark, color: string): string {
  switch (mark) {
    case 'line':
    case 'dashed-line':
      return svgElement('line', {
        x1: 1,
        x2: 21,
        y1: 6,
        y2: 6,
        stroke: color,
        'stroke-width': 2.5,
        ...(mark === 'dashed-line' ? { 'stroke-dasharray': '5 3' } : {}),
      });
    case 'band':
      return svgElement('rect', {
        x: 1,
        y: 1,
        width: 20,
        height: 10,
        fill: color,
        'fill-opacity': 0.2,
      });
    case 'circle':
      return svgElement('circle', { cx: 11, cy: 6, r: 5, fill: color });
    case 'ceiling':
      return svgElement('line', {
        x1: 11,
        x2: 11,
        y1: 0,
        y2: 12,
        stroke: color,
        'stroke-width': 1.5,
        'stroke-dasharray': '2 2',
      });
    default:
      return svgElement('rect', { x: 5, y: 0, width: 12, height: 12, rx: 2, fill: color });
  }
}

/**
 * A chart's legend as HTML, outside the drawing: its entries flow and wrap with the page, so
 * at no width does one label run into another, and every label is shown whole. The keys are
 * small inline SVGs (a colour in an attribute, which the page's style policy allows).
 */
export function renderChartLegend(items: readonly LegendItem[], label = 'Legend'): string {
  if (items.length === 0) return '';
  const entries = items.map(
    (item) =>
      `<li class="legend-item"${item.id === undefined ? '' : ` data-legend-item="${escapeHtml(item.id)}"`}>` +
      svgElement(
        'svg',
        {
          class: 'legend-key',
          width: 22,
          height: 12,
          viewBox: '0 0 22 12',
          'aria-hidden': 'true',
        },
        keyMark(item.mark ?? 'swatch', item.color),
      ) +
      `<span class="legend-text">${escapeHtml(item.label)}</span></li>`,
  );
  return `<ul class="chart-legend" aria-label="${escapeHtml(label)}">${entries.join('')}</ul>`;
}
