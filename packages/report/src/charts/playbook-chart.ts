import type { RunReportData } from '../data/run-report-data.js';
import type { RunReportPlaybookPoint } from '../data/run-report-playbook.js';
import { type PlotArea, renderBottomAxis, renderLeftAxis } from '../primitives/axis.js';
import { stepPath } from '../primitives/best-score-steps.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { formatCount } from '../primitives/format-value.js';
import { createLinearScale, niceDomain } from '../primitives/linear-scale.js';
import { svgElement, svgText, svgTitle } from '../primitives/svg-element.js';

const width = 960;
const height = 620;
const sizeArea: PlotArea = { left: 76, top: 48, right: 936, bottom: 260 };
const tagArea: PlotArea = { left: 76, top: 346, right: 936, bottom: 558 };
const colors = { bullets: '#3569a8', helpful: '#4a9d5b', harmful: '#c8454f' } as const;

type Series = 'bullets' | 'helpful' | 'harmful';
const labels: Record<Series, string> = {
  bullets: 'Bullets in the playbook',
  helpful: 'Helpful tags held by its bullets',
  harmful: 'Harmful tags held by its bullets',
};

function legend(): string {
  let x = sizeArea.left;
  const parts: string[] = [];
  for (const series of ['bullets', 'helpful', 'harmful'] as const) {
    parts.push(
      svgElement('g', { transform: `translate(${x} 0)` }, [
        svgElement('path', { class: 'series-line', d: 'M0 18H26', stroke: colors[series] }),
        svgText(
          { class: 'legend-label', x: 34, y: 18, 'dominant-baseline': 'middle' },
          labels[series],
        ),
      ]),
    );
    x += 60 + labels[series].length * 6.6;
  }
  return svgElement('g', { class: 'legend' }, parts);
}

/**
 * ACE's history: the playbook's size (bullets) and the helpful and harmful tags its bullets hold
 * after every training step, as step lines (the counters drop when a tagged bullet is removed).
 * Hover a line for its last value, a dot for the step where the size changed.
 */
export function renderPlaybookChart(data: RunReportData): string {
  const heading = 'Playbook size and helpful/harmful counters over training steps';
  const caption =
    'Top: bullets in the playbook after each training step (dots where the size changed; hover for ' +
    'tokens and evaluations). Bottom: the helpful and harmful tags the bullets hold — they grow as ' +
    'the reflector judges bullets and drop when a tagged bullet is deleted, merged away or evicted.';
  const points = (data.playbook ?? []).filter((point) =>
    [point.step, point.bullets, point.helpful, point.harmful].every(Number.isFinite),
  );
  if (points.length === 0) {
    return renderChartFigure({
      chart: 'playbook',
      heading,
      caption,
      content: renderEmptyChart('No training step has been recorded yet.'),
    });
  }
  const lastStep = Math.max(...points.map((point) => point.step + 1));
  const x = createLinearScale(
    [0, niceDomain(0, Math.max(1, lastStep), 8)[1]],
    [sizeArea.left, sizeArea.right],
  );
  const size = createLinearScale(
    [0, niceDomain(0, Math.max(1, ...points.map((point) => point.bullets)), 5)[1]],
    [sizeArea.bottom, sizeArea.top],
  );
  const tags = createLinearScale(
    [
      0,
      niceDomain(
        0,
        Math.max(1, ...points.map((point) => Math.max(point.helpful, point.harmful))),
        5,
      )[1],
    ],
    [tagArea.bottom, tagArea.top],
  );
  const line = (series: Series, scale: typeof size) => {
    // Each point is the playbook after step `step`, drawn at the steps done (step + 1).
    const path = stepPath(
      points.map((point) => ({ x: x.map(point.step + 1), y: scale.map(point[series]) })),
      x.map(lastStep),
    );
    const last = points.at(-1) as RunReportPlaybookPoint;
    return svgElement(
      'path',
      { class: 'series-line', d: path, stroke: colors[series], 'data-series': series },
      svgTitle(`${labels[series]}: ${formatCount(last[series])} after step ${last.step + 1}`),
    );
  };
  const changes = points.filter(
    (point, index) => index === 0 || point.bullets !== points[index - 1]?.bullets,
  );
  const dots = changes.map((point) =>
    svgElement(
      'circle',
      {
        class: 'series-dot',
        cx: x.map(point.step + 1),
        cy: size.map(point.bullets),
        r: 3.5,
        fill: colors.bullets,
      },
      svgTitle(
        `After step ${point.step + 1}: ${formatCount(point.bullets)} bullets, about ` +
          `${formatCount(point.tokens)} tokens; ${formatCount(point.evaluationsUsed)} evaluations spent`,
      ),
    ),
  );
  const axis = (area: PlotArea, scale: typeof size, label: string) =>
    renderLeftAxis({
      area,
      // Counts: only whole ticks.
      ticks: scale.ticks(5).filter(Number.isInteger),
      position: scale.map,
      format: formatCount,
      label,
    }) +
    renderBottomAxis({
      area,
      ticks: x.ticks(8).filter(Number.isInteger),
      position: x.map,
      format: formatCount,
      label: 'Training steps (one sample each)',
    });
  const last = points.at(-1) as RunReportPlaybookPoint;
  const body = [
    legend(),
    axis(sizeArea, size, 'Bullets'),
    axis(tagArea, tags, 'Tags held'),
    line('bullets', size),
    line('helpful', tags),
    line('harmful', tags),
    svgElement('g', { class: 'dots' }, dots),
  ].join('');
  return renderChartFigure({
    chart: 'playbook',
    heading,
    caption,
    content: renderChartSvg({
      id: 'playbook',
      title: heading,
      description:
        `After ${formatCount(lastStep)} training steps the playbook holds ${formatCount(last.bullets)} ` +
        `bullets (about ${formatCount(last.tokens)} tokens) with ${formatCount(last.helpful)} helpful ` +
        `and ${formatCount(last.harmful)} harmful tags.`,
      width,
      height,
      body,
    }),
  });
}
