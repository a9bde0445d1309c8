import { describe, expect, it } from 'vitest';
import { type MethodHistoryPoint, nextHistoryPoint } from './method-history.js';

describe('nextHistoryPoint', () => {
  it('keeps the earliest best candidate on ties and moves only on strict gains', () => {
    const points: MethodHistoryPoint[] = [];
    for (const [candidate, validation] of [
      [0, 0.3],
      [1, 0.5],
      [2, 0.5],
      [3, 0.4],
      [4, 0.6],
    ] as const) {
      points.push(
        nextHistoryPoint(points[points.length - 1], {
          evaluationsUsed: 10 * (candidate + 1),
          candidate,
          validation,
          step: candidate === 0 ? null : candidate,
        }),
      );
    }
    expect(points.map((point) => [point.bestCandidate, point.bestValidation])).toEqual([
      [0, 0.3],
      [1, 0.5],
      [1, 0.5],
      [1, 0.5],
      [4, 0.6],
    ]);
  });
});
