import { describe, expect, it } from 'vitest';
import { minimalRunReportData } from '../__fixtures__/minimal-run-report-data.js';
import { numberOf, readMarks } from '../__fixtures__/read-svg-marks.js';
import { sampleRunReportData } from '../__fixtures__/sample-run-report-data.js';
import type { RunReportCandidate } from '../data/run-report-data.js';
import { renderLineageChart } from './lineage-chart.js';

function nodePositions(markup: string): Map<number, { x: number; y: number }> {
  const positions = new Map<number, { x: number; y: number }>();
  const pattern =
    /<g class="lineage-candidate" data-candidate="(\d+)"><title>[^<]*<\/title><rect class="[^"]*" x="([\d.-]+)" y="([\d.-]+)"/g;
  for (const match of markup.matchAll(pattern)) {
    positions.set(Number(match[1]), { x: Number(match[2]), y: Number(match[3]) });
  }
  return positions;
}

function chain(length: number): RunReportCandidate[] {
  return Array.from({ length }, (_, index) => ({
    index,
    parent: index === 0 ? null : index - 1,
    module: index === 0 ? null : 'answer',
    step: index === 0 ? null : index,
    validationScore: 0.5 + index / 100,
    evaluationsAtDiscovery: 10 * (index + 1),
  }));
}

describe('renderLineageChart', () => {
  it('draws one node per candidate and one edge per parent link, readable at 200 candidates', () => {
    const data = sampleRunReportData({ candidates: 200 });
    const markup = renderLineageChart(data);
    const positions = nodePositions(markup);
    expect(positions.size).toBe(200);
    expect(readMarks(markup, 'path', 'lineage-edge').length).toBe(199 + 1); // + legend sample
    const distinct = new Set(
      [...positions.values()].map((position) => `${position.x},${position.y}`),
    );
    expect(distinct.size).toBe(200);
    const svg = readMarks(markup, 'svg', 'chart-natural')[0];
    expect(numberOf(svg, 'height')).toBeGreaterThan(200 * 10);
    expect(markup).not.toMatch(/NaN|Infinity/);
  });

  it('highlights the best candidate and draws its ancestry as one straight row in a tall tree', () => {
    const data = sampleRunReportData({ candidates: 200 });
    const markup = renderLineageChart(data);
    expect(readMarks(markup, 'rect', 'lineage-best').length).toBe(1 + 1); // + legend sample
    const positions = nodePositions(markup);
    const best = data.summary.bestCandidate;
    const ancestry: number[] = [];
    let current: number | null = best;
    while (current !== null) {
      ancestry.push(current);
      current = data.candidates[current]?.parent ?? null;
    }
    const rows = new Set(ancestry.map((index) => positions.get(index)?.y));
    expect(rows.size).toBe(1);
    expect(readMarks(markup, 'path', 'lineage-ancestry').length).toBe(ancestry.length - 1 + 1);
    expect(markup).toContain(`ancestry is ${[...ancestry].reverse().join(' → ')}.`);
  });

  it('lays a chain out left to right by generation', () => {
    const markup = renderLineageChart(
      minimalRunReportData({
        candidates: chain(4),
        summary: { ...minimalRunReportData().summary, bestCandidate: 3 },
      }),
    );
    const positions = nodePositions(markup);
    const xs = [0, 1, 2, 3].map((index) => positions.get(index)?.x ?? Number.NaN);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(new Set(xs).size).toBe(4);
    expect(markup).toContain('gen 3');
  });

  it('draws a lone seed and says so for an empty pool', () => {
    const single = renderLineageChart(minimalRunReportData());
    expect(nodePositions(single).size).toBe(1);
    expect(single).toContain('1 candidate across 1 generation.');
    const empty = renderLineageChart(minimalRunReportData({ candidates: [] }));
    expect(empty).not.toContain('<svg');
    expect(empty).toContain('The candidate pool is empty.');
  });

  it('colours nodes by score and survives equal scores', () => {
    const equal = chain(3).map((candidate) => ({ ...candidate, validationScore: 1 }));
    const markup = renderLineageChart(minimalRunReportData({ candidates: equal }));
    const fills = new Set(readMarks(markup, 'rect', 'lineage-node').map((rect) => rect['fill']));
    fills.delete('#ffffff');
    expect(fills.size).toBe(1);
    const spread = renderLineageChart(minimalRunReportData({ candidates: chain(3) }));
    const spreadFills = readMarks(spread, 'rect', 'lineage-node')
      .filter((rect) => rect['fill'] !== '#ffffff')
      .map((rect) => rect['fill']);
    expect(new Set(spreadFills).size).toBe(3);
  });

  it('escapes prompt previews in node tooltips', () => {
    const candidates = chain(2).map((candidate) => ({
      ...candidate,
      promptPreview: '</title><script>x</script>',
    }));
    const markup = renderLineageChart(minimalRunReportData({ candidates }));
    expect(markup).not.toContain('<script>');
    expect(markup).toContain('&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;');
  });
});
