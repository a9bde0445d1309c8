import { escapeHtml } from './escape-html.js';
import { formatSvgNumber, svgElement } from './svg-element.js';

/** What `renderChartSvg` wraps. */
export interface ChartSvgOptions {
  /** A document-unique id prefix for the title and description elements. */
  readonly id: string;
  /** The accessible name of the chart. */
  readonly title: string;
  /** A one-sentence accessible description of what the chart shows. */
  readonly description: string;
  /** The drawing's width in SVG units. */
  readonly width: number;
  /** The drawing's height in SVG units. */
  readonly height: number;
  /** The chart's marks, as SVG markup. */
  readonly body: string;
  /** Draw at its natural pixel size (and scroll) instead of scaling to the page width. */
  readonly naturalSize?: boolean;
}

/** An accessible inline SVG: `role="img"`, labelled by its `<title>` and `<desc>`. */
export function renderChartSvg(options: ChartSvgOptions): string {
  const titleId = `${options.id}-title`;
  const descriptionId = `${options.id}-description`;
  return svgElement(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${formatSvgNumber(options.width)} ${formatSvgNumber(options.height)}`,
      width: options.width,
      height: options.height,
      class: options.naturalSize ? 'chart chart-natural' : 'chart',
      role: 'img',
      'aria-labelledby': `${titleId} ${descriptionId}`,
    },
    [
      `<title id="${escapeHtml(titleId)}">${escapeHtml(options.title)}</title>`,
      `<desc id="${escapeHtml(descriptionId)}">${escapeHtml(options.description)}</desc>`,
      options.body,
    ],
  );
}

/** What `renderChartFigure` wraps. */
export interface ChartFigureOptions {
  /** The `data-chart` name a test or a stylesheet finds the figure by. */
  readonly chart: string;
  /** The figure's short heading. */
  readonly heading: string;
  /** How to read the chart, one or two sentences (plain text, escaped here). */
  readonly caption: string;
  /** The chart (an SVG) or, when there is nothing to draw, a message; markup. */
  readonly content: string;
  /** A legend above the chart (`renderChartLegend`), outside the drawing so it wraps. */
  readonly legend?: string;
  /** Markup after the chart, e.g. a collapsible table of the plotted numbers. */
  readonly after?: string;
  /** Wrap the content in a scroll box, for charts drawn at natural size. */
  readonly scrollable?: boolean;
}

/** A `<figure data-chart>` with a caption above the chart. */
export function renderChartFigure(options: ChartFigureOptions): string {
  const content = options.scrollable
    ? `<div class="chart-scroll" tabindex="0">${options.content}</div>`
    : options.content;
  return [
    `<figure class="chart-figure" data-chart="${escapeHtml(options.chart)}">`,
    `<figcaption><strong>${escapeHtml(options.heading)}.</strong> ${escapeHtml(options.caption)}</figcaption>`,
    options.legend ?? '',
    content,
    options.after ?? '',
    '</figure>',
  ].join('');
}

/** The message a figure shows instead of a chart when there is no data for it. */
export function renderEmptyChart(message: string): string {
  return `<p class="chart-empty">${escapeHtml(message)}</p>`;
}
