import type { RunReportCandidate, RunReportData } from '../data/run-report-data.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { finiteOr } from '../primitives/finite-or.js';
import { formatCount, formatQuantity, formatScore } from '../primitives/format-value.js';
import { ancestryOf, layoutLineage } from '../primitives/lineage-layout.js';
import { createScoreColor, rampColor } from '../primitives/score-color.js';
import { svgElement, svgText, svgTitle } from '../primitives/svg-element.js';

// Natural-size geometry: the tree scrolls instead of shrinking, so labels stay legible at 200+.
const nodeWidth = 70;
const nodeHeight = 18;
const columnWidth = 92;
const rowHeight = 24;
const marginLeft = 16;
const marginRight = 16;
const headerHeight = 84;
const marginBottom = 12;
const minimumWidth = 640;
const compactRows = 24;

function nodeTooltip(candidate: RunReportCandidate | undefined, index: number): string {
  if (candidate === undefined) return `Candidate #${index}`;
  const lines = [`Candidate #${index}: validation ${formatScore(candidate.validationScore)}`];
  const others = candidate.otherParents ?? [];
  lines.push(
    candidate.parent === null
      ? 'Seed candidate'
      : others.length > 0
        ? `Merge of ${[candidate.parent, ...others].map((parent) => `#${parent}`).join(' and ')}, step ${candidate.step ?? '?'}`
        : `Parent #${candidate.parent}, module ${candidate.module ?? '?'}, step ${candidate.step ?? '?'}`,
  );
  lines.push(
    `Joined after ${formatCount(finiteOr(candidate.evaluationsAtDiscovery, 0))} evaluations`,
  );
  if (candidate.promptPreview) lines.push(candidate.promptPreview);
  return lines.join('\n');
}

function renderLegend(low: number, high: number, best: number, merges: boolean): string {
  const ramp = [0, 0.25, 0.5, 0.75, 1].map((position) =>
    svgElement('stop', { offset: position, 'stop-color': rampColor(position) }),
  );
  return svgElement('g', { class: 'legend' }, [
    svgElement('defs', {}, svgElement('linearGradient', { id: 'lineage-score-ramp' }, ramp)),
    svgText({ class: 'legend-label', x: marginLeft, y: 16 }, 'Validation score'),
    svgElement('rect', {
      x: marginLeft,
      y: 24,
      width: 150,
      height: 10,
      rx: 2,
      fill: 'url(#lineage-score-ramp)',
      class: 'ramp',
    }),
    svgText({ class: 'tick-label', x: marginLeft, y: 48 }, formatScore(low)),
    svgText(
      { class: 'tick-label', x: marginLeft + 150, y: 48, 'text-anchor': 'end' },
      formatScore(high),
    ),
    svgElement('rect', {
      class: 'lineage-node lineage-best',
      x: 200,
      y: 20,
      width: 26,
      height: 16,
      rx: 8,
      fill: '#ffffff',
    }),
    svgText({ class: 'legend-label', x: 234, y: 32 }, `Best candidate (#${best})`),
    svgElement('path', { class: 'lineage-edge lineage-ancestry', d: 'M400 28H430' }),
    svgText({ class: 'legend-label', x: 438, y: 32 }, 'Its ancestry'),
    ...(merges
      ? [
          svgElement('rect', {
            class: 'lineage-node lineage-merge',
            x: 530,
            y: 20,
            width: 26,
            height: 16,
            rx: 3,
            fill: '#ffffff',
          }),
          svgElement('path', { class: 'lineage-edge lineage-merge-edge', d: 'M562 28H592' }),
          svgText({ class: 'legend-label', x: 600, y: 32 }, 'Merge, from its second parent'),
        ]
      : []),
  ]);
}

/** Figure 2: the candidate tree, one node per candidate, edges from parent to child. */
export function renderLineageChart(data: RunReportData): string {
  const best = data.summary.bestCandidate;
  // A tree that fits on screen reads best centred; a taller one keeps the seed at the top-left
  // and the best candidate's ancestry on the first row, so the story is visible without scrolling.
  const centred = layoutLineage(data.candidates, { focus: best });
  const layout =
    centred.rows <= compactRows
      ? centred
      : layoutLineage(data.candidates, { focus: best, parentPlacement: 'first-child' });
  const heading = 'Candidate lineage';
  if (layout.nodes.length === 0) {
    return renderChartFigure({
      chart: 'lineage',
      heading,
      caption: 'Each accepted candidate descends from the candidate it was derived from.',
      content: renderEmptyChart('The candidate pool is empty.'),
    });
  }

  const candidateByIndex = new Map<number, RunReportCandidate>();
  for (const candidate of data.candidates) {
    if (!candidateByIndex.has(candidate.index)) candidateByIndex.set(candidate.index, candidate);
  }
  const scores = data.candidates
    .map((candidate) => candidate.validationScore)
    .filter((score) => Number.isFinite(score));
  const low = scores.length > 0 ? Math.min(...scores) : 0;
  const high = scores.length > 0 ? Math.max(...scores) : 0;
  const colorOf = createScoreColor(low, high);
  const ancestry = ancestryOf(layout.nodes, best);

  const centerX = (depth: number) => marginLeft + nodeWidth / 2 + depth * columnWidth;
  const centerY = (row: number) => headerHeight + row * rowHeight + rowHeight / 2;
  const width = Math.max(
    minimumWidth,
    marginLeft + layout.maxDepth * columnWidth + nodeWidth + marginRight,
  );
  const height = headerHeight + layout.rows * rowHeight + marginBottom;

  const generationLabels: string[] = [];
  for (let depth = 0; depth <= layout.maxDepth; depth++) {
    generationLabels.push(
      svgText(
        { class: 'tick-label', x: centerX(depth), y: headerHeight - 6, 'text-anchor': 'middle' },
        depth === 0 ? 'seed' : `gen ${depth}`,
      ),
    );
  }

  const nodeByIndex = new Map(layout.nodes.map((node) => [node.index, node]));
  const edges: string[] = [];
  const ancestryEdges: string[] = [];
  for (const node of layout.nodes) {
    if (node.parent === null) continue;
    const parent = nodeByIndex.get(node.parent);
    if (parent === undefined) continue;
    const startX = centerX(parent.depth) + nodeWidth / 2;
    const middleX = startX + (columnWidth - nodeWidth) / 2;
    const path = svgElement('path', {
      class: ancestry.has(node.index) ? 'lineage-edge lineage-ancestry' : 'lineage-edge',
      d: `M${startX} ${centerY(parent.row)}H${middleX}V${centerY(node.row)}H${centerX(node.depth) - nodeWidth / 2}`,
    });
    (ancestry.has(node.index) ? ancestryEdges : edges).push(path);
  }
  // A merge (GEPA+merge) hangs under its first parent; each further parent joins it by a dashed
  // edge into the node's left end.
  const mergeEdges: string[] = [];
  for (const node of layout.nodes) {
    for (const other of candidateByIndex.get(node.index)?.otherParents ?? []) {
      const parent = nodeByIndex.get(other);
      if (parent === undefined) continue;
      const startX = centerX(parent.depth) + nodeWidth / 2;
      const endX = centerX(node.depth) - nodeWidth / 2;
      const middleX = startX + (columnWidth - nodeWidth) / 2;
      // A second parent in the same or a later generation than the merge: a straight line
      // between the two nodes, since an elbow would run backwards through the tree.
      const d =
        middleX < endX
          ? `M${startX} ${centerY(parent.row)}H${middleX}V${centerY(node.row) + 3}H${endX}`
          : `M${centerX(parent.depth)} ${centerY(parent.row)}L${centerX(node.depth)} ${centerY(node.row)}`;
      mergeEdges.push(
        svgElement('path', {
          class: 'lineage-edge lineage-merge-edge',
          'data-merge-parent': other,
          'data-candidate': node.index,
          d,
        }),
      );
    }
  }

  const nodes = layout.nodes.map((node) => {
    const candidate = candidateByIndex.get(node.index);
    const score = candidate?.validationScore ?? Number.NaN;
    const fill = Number.isFinite(score) ? colorOf(score) : '#ffffff';
    const dark = Number.isFinite(score) && high > low ? (score - low) / (high - low) > 0.55 : false;
    const classes = ['lineage-node'];
    const merged = (candidate?.otherParents?.length ?? 0) > 0;
    if (merged) classes.push('lineage-merge');
    if (node.index === best) classes.push('lineage-best');
    else if (ancestry.has(node.index)) classes.push('lineage-ancestor');
    const x = centerX(node.depth);
    const y = centerY(node.row);
    return svgElement('g', { class: 'lineage-candidate', 'data-candidate': node.index }, [
      svgTitle(nodeTooltip(candidate, node.index)),
      svgElement('rect', {
        class: classes.join(' '),
        x: x - nodeWidth / 2,
        y: y - nodeHeight / 2,
        width: nodeWidth,
        height: nodeHeight,
        // Merged candidates are square-cornered, so they read apart from reflective children.
        rx: merged ? 3 : nodeHeight / 2,
        fill,
      }),
      svgElement(
        'text',
        {
          class: dark ? 'node-label node-label-dark' : 'node-label',
          x,
          y,
          'text-anchor': 'middle',
          'dominant-baseline': 'central',
        },
        [
          svgElement('tspan', { class: 'node-index' }, `${node.index}`),
          svgElement('tspan', { dx: 5 }, formatScore(score)),
        ],
      ),
    ]);
  });

  const path = [...ancestry].reverse().join(' → ');
  const mergeCount = data.candidates.filter(
    (candidate) => (candidate.otherParents?.length ?? 0) > 0,
  ).length;
  const caption =
    `${formatQuantity(layout.nodes.length, 'candidate')} across ${formatQuantity(layout.maxDepth + 1, 'generation')}. ` +
    'Each node shows a candidate index and its mean validation score, filled darker for higher ' +
    'scores; an edge joins each candidate to the parent it was derived from. ' +
    (mergeCount > 0
      ? `${formatQuantity(mergeCount, 'merged candidate')} (square corners) also ${mergeCount === 1 ? 'has' : 'have'} a dashed edge from the second parent. `
      : '') +
    (ancestry.size > 0 ? `The best candidate's ancestry is ${path}.` : '');

  return renderChartFigure({
    chart: 'lineage',
    heading,
    caption,
    scrollable: true,
    content: renderChartSvg({
      id: 'lineage',
      title: 'Candidate lineage tree',
      description:
        `${layout.nodes.length} candidates; best candidate #${best} with validation ` +
        `${formatScore(data.summary.bestScore)}; ancestry ${path || 'unknown'}.`,
      width,
      height,
      naturalSize: true,
      body: [
        renderLegend(low, high, best, mergeCount > 0),
        svgElement('g', { class: 'generations' }, generationLabels),
        svgElement('g', { class: 'edges' }, [...edges, ...mergeEdges, ...ancestryEdges]),
        svgElement('g', { class: 'nodes' }, nodes),
      ].join(''),
    }),
  });
}
