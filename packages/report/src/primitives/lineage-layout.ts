/** The fields of a candidate the lineage layout needs. */
export interface LineageInput {
  /** The candidate's index. */
  readonly index: number;
  /** Its parent's index, or null for a root. */
  readonly parent: number | null;
}

/** Where one candidate sits in the lineage tree. */
export interface LineageNode {
  /** The candidate's index. */
  readonly index: number;
  /** The parent drawn as its parent, or null when it is drawn as a root. */
  readonly parent: number | null;
  /** Generations from its root (the seed is 0). */
  readonly depth: number;
  /** Its row; leaves take whole rows in order, parents sit on or between their children's rows. */
  readonly row: number;
  /** Its children's indexes, ascending (the focus's ancestor first, when there is a focus). */
  readonly children: readonly number[];
}

/** How `layoutLineage` places parents and orders siblings. */
export interface LineageLayoutOptions {
  /**
   * `centre` puts a parent midway between its first and last child (a classic tree, best when
   * it fits on screen); `first-child` puts it on its first child's row, so the root stays at
   * the top-left of a tall tree and the focus's ancestry becomes one straight row.
   */
  readonly parentPlacement?: 'centre' | 'first-child';
  /** A candidate whose ancestors are ordered before their siblings (e.g. the best candidate). */
  readonly focus?: number;
}

/** The whole tree's layout. */
export interface LineageLayout {
  /** One node per distinct candidate index, in depth-first order. */
  readonly nodes: readonly LineageNode[];
  /** The largest depth (0 for a lone seed). */
  readonly maxDepth: number;
  /** Rows used, i.e. the number of leaves. */
  readonly rows: number;
}

/**
 * Lays the candidate pool out as a tidy tree: depth on one axis, leaves on consecutive rows on
 * the other, parents centred on their children. No two nodes share a position and edges never
 * cross, at any size. A parent that is missing from the pool, or a parent link that would
 * close a cycle, makes the candidate a root, so bad data still draws.
 */
export function layoutLineage(
  candidates: readonly LineageInput[],
  options: LineageLayoutOptions = {},
): LineageLayout {
  const placement = options.parentPlacement ?? 'centre';
  const parentOf = new Map<number, number | null>();
  for (const candidate of candidates) {
    if (!parentOf.has(candidate.index)) parentOf.set(candidate.index, candidate.parent);
  }
  const indexes = [...parentOf.keys()].sort((a, b) => a - b);

  const childrenOf = new Map<number, number[]>();
  const roots: number[] = [];
  for (const index of indexes) {
    const parent = parentOf.get(index) ?? null;
    if (parent === null || parent === index || !parentOf.has(parent)) {
      roots.push(index);
    } else {
      const siblings = childrenOf.get(parent) ?? [];
      siblings.push(index);
      childrenOf.set(parent, siblings);
    }
  }

  if (options.focus !== undefined && parentOf.has(options.focus)) {
    const onPath = new Set<number>();
    let current: number | null | undefined = options.focus;
    while (current !== null && current !== undefined && !onPath.has(current)) {
      onPath.add(current);
      current = parentOf.get(current);
    }
    const rank = (index: number) => (onPath.has(index) ? 0 : 1);
    for (const siblings of childrenOf.values()) siblings.sort((a, b) => rank(a) - rank(b) || a - b);
    roots.sort((a, b) => rank(a) - rank(b) || a - b);
  }

  const nodes: LineageNode[] = [];
  const placed = new Set<number>();
  let nextRow = 0;
  let maxDepth = 0;

  // Iterative post-order so a 1,000-step chain cannot overflow the stack.
  const place = (root: number) => {
    const rows = new Map<number, number>();
    const stack: { index: number; depth: number; expanded: boolean; parent: number | null }[] = [
      { index: root, depth: 0, expanded: false, parent: null },
    ];
    const ordered: { index: number; depth: number; parent: number | null; children: number[] }[] =
      [];
    const positionOf = new Map<number, number>();
    while (stack.length > 0) {
      const frame = stack.pop()!;
      if (!frame.expanded) {
        if (placed.has(frame.index)) continue;
        placed.add(frame.index);
        const children = (childrenOf.get(frame.index) ?? []).filter((child) => !placed.has(child));
        positionOf.set(frame.index, ordered.length);
        ordered.push({ index: frame.index, depth: frame.depth, parent: frame.parent, children });
        stack.push({ ...frame, expanded: true });
        for (const child of [...children].reverse()) {
          stack.push({
            index: child,
            depth: frame.depth + 1,
            expanded: false,
            parent: frame.index,
          });
        }
      } else {
        const entry = ordered[positionOf.get(frame.index)!]!;
        const childRows = entry.children
          .map((child) => rows.get(child))
          .filter((row): row is number => row !== undefined);
        const first = childRows[0];
        const last = childRows.at(-1);
        const row =
          first === undefined || last === undefined
            ? nextRow++
            : placement === 'centre'
              ? (first + last) / 2
              : first;
        rows.set(frame.index, row);
      }
    }
    for (const entry of ordered) {
      maxDepth = Math.max(maxDepth, entry.depth);
      nodes.push({
        index: entry.index,
        parent: entry.parent,
        depth: entry.depth,
        row: rows.get(entry.index) ?? 0,
        children: entry.children.filter((child) => rows.has(child)),
      });
    }
  };

  for (const root of roots) place(root);
  // Whatever is left sits on a parent cycle; break it at its smallest index.
  for (const index of indexes) if (!placed.has(index)) place(index);

  return { nodes, maxDepth, rows: nextRow };
}

/** The indexes from `index` up to its root through `parent` links (cycle-safe). */
export function ancestryOf(nodes: readonly LineageNode[], index: number): Set<number> {
  const byIndex = new Map(nodes.map((node) => [node.index, node]));
  const path = new Set<number>();
  let current = byIndex.get(index);
  while (current !== undefined && !path.has(current.index)) {
    path.add(current.index);
    current = current.parent === null ? undefined : byIndex.get(current.parent);
  }
  return path;
}
