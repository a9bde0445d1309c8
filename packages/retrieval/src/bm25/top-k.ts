/** A selected passage and its score. */
export interface ScoredIndex {
  /** 0-based corpus position. */
  readonly index: number;
  /** Its score. */
  readonly score: number;
}

// Ranks higher scores first and, on equal scores, earlier corpus positions first.
function outranks(scores: Float64Array, left: number, right: number): boolean {
  const a = scores[left] as number;
  const b = scores[right] as number;
  return a > b || (a === b && left < right);
}

/**
 * The `k` best of the first `count` candidate positions, best first, with a size-k min-heap:
 * O(count · log k) rather than sorting every passage that matched a query term.
 */
export function selectTopK(
  candidates: Uint32Array,
  count: number,
  scores: Float64Array,
  k: number,
): ScoredIndex[] {
  const heap: number[] = [];
  const siftDown = (start: number) => {
    let position = start;
    for (;;) {
      const left = position * 2 + 1;
      const right = left + 1;
      let worst = position;
      if (left < heap.length && outranks(scores, heap[worst] as number, heap[left] as number)) {
        worst = left;
      }
      if (right < heap.length && outranks(scores, heap[worst] as number, heap[right] as number)) {
        worst = right;
      }
      if (worst === position) return;
      [heap[position], heap[worst]] = [heap[worst] as number, heap[position] as number];
      position = worst;
    }
  };
  for (let index = 0; index < count; index++) {
    const candidate = candidates[index] as number;
    if (heap.length < k) {
      heap.push(candidate);
      let position = heap.length - 1;
      while (position > 0) {
        const parent = (position - 1) >> 1;
        if (!outranks(scores, heap[parent] as number, heap[position] as number)) break;
        [heap[position], heap[parent]] = [heap[parent] as number, heap[position] as number];
        position = parent;
      }
    } else if (outranks(scores, candidate, heap[0] as number)) {
      heap[0] = candidate;
      siftDown(0);
    }
  }
  return heap
    .sort((left, right) => (outranks(scores, left, right) ? -1 : 1))
    .map((index) => ({ index, score: scores[index] as number }));
}
