import { describe, expect, it } from 'vitest';
import { ancestryOf, type LineageNode, layoutLineage } from './lineage-layout.js';

function byIndex(nodes: readonly LineageNode[]): Map<number, LineageNode> {
  return new Map(nodes.map((node) => [node.index, node]));
}

describe('layoutLineage', () => {
  it('lays a lone seed out on one row at depth 0', () => {
    const layout = layoutLineage([{ index: 0, parent: null }]);
    expect(layout.nodes).toEqual([{ index: 0, parent: null, depth: 0, row: 0, children: [] }]);
    expect(layout.rows).toBe(1);
    expect(layout.maxDepth).toBe(0);
  });

  it('keeps a chain on one row with growing depth', () => {
    const layout = layoutLineage([
      { index: 0, parent: null },
      { index: 1, parent: 0 },
      { index: 2, parent: 1 },
    ]);
    expect(layout.nodes.map((node) => [node.index, node.depth, node.row])).toEqual([
      [0, 0, 0],
      [1, 1, 0],
      [2, 2, 0],
    ]);
  });

  it('gives leaves consecutive rows and centres parents on their children', () => {
    // 0 → {1, 2, 5}; 1 → {3, 4}
    const layout = layoutLineage([
      { index: 0, parent: null },
      { index: 1, parent: 0 },
      { index: 2, parent: 0 },
      { index: 3, parent: 1 },
      { index: 4, parent: 1 },
      { index: 5, parent: 0 },
    ]);
    const nodes = byIndex(layout.nodes);
    expect(nodes.get(3)?.row).toBe(0);
    expect(nodes.get(4)?.row).toBe(1);
    expect(nodes.get(1)?.row).toBe(0.5);
    expect(nodes.get(2)?.row).toBe(2);
    expect(nodes.get(5)?.row).toBe(3);
    expect(nodes.get(0)?.row).toBe(1.75);
    expect(nodes.get(0)?.children).toEqual([1, 2, 5]);
    expect(layout.rows).toBe(4);
    expect(layout.maxDepth).toBe(2);
  });

  it("puts parents on their first child's row and the focus's ancestry first when asked", () => {
    // 0 → {1, 2}; 2 → {3, 4}; focus 4
    const layout = layoutLineage(
      [
        { index: 0, parent: null },
        { index: 1, parent: 0 },
        { index: 2, parent: 0 },
        { index: 3, parent: 2 },
        { index: 4, parent: 2 },
      ],
      { parentPlacement: 'first-child', focus: 4 },
    );
    const nodes = byIndex(layout.nodes);
    expect([0, 2, 4].map((index) => nodes.get(index)?.row)).toEqual([0, 0, 0]);
    expect(nodes.get(3)?.row).toBe(1);
    expect(nodes.get(1)?.row).toBe(2);
    expect(nodes.get(0)?.children).toEqual([2, 1]);
  });

  it('never puts two nodes at the same position, even at 200 candidates', () => {
    const candidates = Array.from({ length: 200 }, (_, index) => ({
      index,
      parent: index === 0 ? null : (index * 7919 + 13) % index,
    }));
    for (const parentPlacement of ['centre', 'first-child'] as const) {
      const layout = layoutLineage(candidates, { parentPlacement, focus: 150 });
      expect(layout.nodes).toHaveLength(200);
      const positions = new Set(layout.nodes.map((node) => `${node.depth}:${node.row}`));
      expect(positions.size).toBe(200);
    }
    const layout = layoutLineage(candidates);
    for (const node of layout.nodes) {
      expect(Number.isFinite(node.row)).toBe(true);
      if (node.parent !== null)
        expect(byIndex(layout.nodes).get(node.parent)?.depth).toBe(node.depth - 1);
    }
  });

  it('treats candidates with missing parents as roots and breaks parent cycles', () => {
    const layout = layoutLineage([
      { index: 0, parent: null },
      { index: 1, parent: 9 },
      { index: 2, parent: 3 },
      { index: 3, parent: 2 },
    ]);
    const nodes = byIndex(layout.nodes);
    expect(layout.nodes).toHaveLength(4);
    expect(nodes.get(1)?.depth).toBe(0);
    expect(nodes.get(2)?.depth).toBe(0);
    expect(nodes.get(3)?.depth).toBe(1);
    expect(new Set(layout.nodes.map((node) => node.row)).size).toBe(3);
  });

  it('handles a 2,000-step chain without recursion limits', () => {
    const candidates = Array.from({ length: 2000 }, (_, index) => ({
      index,
      parent: index === 0 ? null : index - 1,
    }));
    const layout = layoutLineage(candidates);
    expect(layout.maxDepth).toBe(1999);
    expect(layout.rows).toBe(1);
  });

  it('returns an empty layout for an empty pool', () => {
    expect(layoutLineage([])).toEqual({ nodes: [], maxDepth: 0, rows: 0 });
  });
});

describe('ancestryOf', () => {
  it('walks from a candidate to its root', () => {
    const layout = layoutLineage([
      { index: 0, parent: null },
      { index: 1, parent: 0 },
      { index: 2, parent: 0 },
      { index: 3, parent: 1 },
    ]);
    expect([...ancestryOf(layout.nodes, 3)]).toEqual([3, 1, 0]);
    expect([...ancestryOf(layout.nodes, 42)]).toEqual([]);
  });
});
