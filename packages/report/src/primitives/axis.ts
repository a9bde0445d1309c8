import { svgElement, svgText } from './svg-element.js';

/** The plot area of a chart, in SVG units. */
export interface PlotArea {
  /** Left edge. */
  readonly left: number;
  /** Top edge. */
  readonly top: number;
  /** Right edge. */
  readonly right: number;
  /** Bottom edge. */
  readonly bottom: number;
}

/** What `renderLeftAxis` draws. */
export interface LeftAxisOptions {
  /** Where the axis and its grid lines go. */
  readonly area: PlotArea;
  /** Tick values. */
  readonly ticks: readonly number[];
  /** A tick value's y position. */
  readonly position: (value: number) => number;
  /** A tick value's label. */
  readonly format: (value: number) => string;
  /** The axis title, drawn rotated along the axis. */
  readonly label: string;
  /** Horizontal spans to draw grid lines over (default: the whole plot width), for panelled charts. */
  readonly gridSpans?: readonly (readonly [number, number])[];
}

/** Horizontal grid lines with tick labels on the left and a rotated axis title. */
export function renderLeftAxis(options: LeftAxisOptions): string {
  const { area } = options;
  const parts = options.ticks.map((tick) => {
    const y = options.position(tick);
    const spans = options.gridSpans ?? [[area.left, area.right]];
    return [
      ...spans.map(([start, end]) =>
        svgElement('line', { class: 'grid', x1: start, x2: end, y1: y, y2: y }),
      ),
      svgText(
        {
          class: 'tick-label',
          x: area.left - 8,
          y,
          'text-anchor': 'end',
          'dominant-baseline': 'middle',
        },
        options.format(tick),
      ),
    ].join('');
  });
  const middle = (area.top + area.bottom) / 2;
  parts.push(
    svgText(
      {
        class: 'axis-label',
        x: 0,
        y: 0,
        transform: `translate(${area.left - 50} ${middle}) rotate(-90)`,
        'text-anchor': 'middle',
      },
      options.label,
    ),
  );
  return svgElement('g', { class: 'axis axis-left' }, parts);
}

/** What `renderBottomAxis` draws. */
export interface BottomAxisOptions {
  /** Where the axis goes; it is drawn along the bottom edge. */
  readonly area: PlotArea;
  /** Tick values. */
  readonly ticks: readonly number[];
  /** A tick value's x position. */
  readonly position: (value: number) => number;
  /** A tick value's label. */
  readonly format: (value: number) => string;
  /** The axis title, drawn centred below the tick labels. */
  readonly label: string;
  /** Also draw vertical grid lines. */
  readonly grid?: boolean;
}

/** The bottom axis line, tick marks, tick labels and axis title. */
export function renderBottomAxis(options: BottomAxisOptions): string {
  const { area } = options;
  const parts = [
    svgElement('line', {
      class: 'axis-line',
      x1: area.left,
      x2: area.right,
      y1: area.bottom,
      y2: area.bottom,
    }),
  ];
  for (const tick of options.ticks) {
    const x = options.position(tick);
    if (options.grid) {
      parts.push(
        svgElement('line', { class: 'grid', x1: x, x2: x, y1: area.top, y2: area.bottom }),
      );
    }
    parts.push(
      svgElement('line', { class: 'tick', x1: x, x2: x, y1: area.bottom, y2: area.bottom + 5 }),
      svgText(
        { class: 'tick-label', x, y: area.bottom + 18, 'text-anchor': 'middle' },
        options.format(tick),
      ),
    );
  }
  parts.push(
    svgText(
      {
        class: 'axis-label',
        x: (area.left + area.right) / 2,
        y: area.bottom + 40,
        'text-anchor': 'middle',
      },
      options.label,
    ),
  );
  return svgElement('g', { class: 'axis axis-bottom' }, parts);
}
