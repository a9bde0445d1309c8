import { SelectionIndex, selectionWeights } from '@forge/core';
import { createRandom } from '@forge/program';

/** Score distributions of the selection benchmark. */
export type ScoreKind = 'iid-3-valued' | 'many-valued';

/** One matrix size and distribution. */
export interface SelectionCase {
  readonly candidates: number;
  readonly instances: number;
  readonly kind: ScoreKind;
  /** Distinct score values in the matrix. */
  readonly distinctScores: number;
  /** Candidates with a positive weight. */
  readonly positiveWeights: number;
  /** `selectionWeights` on the whole matrix (what a resume's first selection costs). */
  readonly fromScratchMs: Timing;
  /** Adding one candidate to an index holding the others (mean of the last `tail` additions). */
  readonly addOneMs: number;
  /** One parent draw from the index of the full pool (mean of 1000). */
  readonly selectOneMs: number;
}

const tail = 50;

/** A duration measured several times. */
export interface Timing {
  readonly minMs: number;
  readonly medianMs: number;
  readonly samples: number;
}

/**
 * A score matrix. `iid-3-valued`: every score 0, ½ or 1 at random. `many-valued`: partial credit
 * k/n with n drawn per instance from 6–14 (the workload's sentence lengths), k uniform in 0..n —
 * about fifty distinct values, as fractional metrics give.
 */
export function scoreMatrix(candidates: number, instances: number, kind: ScoreKind): number[][] {
  const random = createRandom(7, 'selection', kind, candidates, instances);
  const lengths = Array.from({ length: instances }, () => 6 + random.int(9));
  return Array.from({ length: candidates }, () =>
    lengths.map((length) =>
      kind === 'iid-3-valued' ? random.int(3) / 2 : random.int(length + 1) / length,
    ),
  );
}

/** Times `work` `samples` times after one warm-up run. */
export function time(samples: number, work: () => void): Timing {
  work();
  const durations: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const started = performance.now();
    work();
    durations.push(performance.now() - started);
  }
  durations.sort((left, right) => left - right);
  return {
    minMs: durations[0] as number,
    medianMs: durations[Math.floor(durations.length / 2)] as number,
    samples,
  };
}

function incrementalCosts(
  scores: readonly (readonly number[])[],
  instances: number,
): { addOneMs: number; selectOneMs: number } {
  const index = new SelectionIndex(instances);
  const split = Math.max(0, scores.length - tail);
  for (const row of scores.slice(0, split)) index.add(row);
  let started = performance.now();
  for (const row of scores.slice(split)) index.add(row);
  const addOneMs = (performance.now() - started) / (scores.length - split);
  const random = createRandom(7, 'selection-draws');
  started = performance.now();
  for (let draw = 0; draw < 1000; draw++) index.select(random);
  return { addOneMs, selectOneMs: (performance.now() - started) / 1000 };
}

/** Measures parent selection on every size × distribution. */
export function measureSelection(options: {
  readonly sizes: readonly (readonly [candidates: number, instances: number])[];
  readonly samples: number;
}): SelectionCase[] {
  const cases: SelectionCase[] = [];
  for (const kind of ['iid-3-valued', 'many-valued'] as const) {
    for (const [candidates, instances] of options.sizes) {
      const scores = scoreMatrix(candidates, instances, kind);
      const weights = selectionWeights(scores);
      cases.push({
        candidates,
        instances,
        kind,
        distinctScores: new Set(scores.flat()).size,
        positiveWeights: weights.filter((weight) => weight > 0).length,
        fromScratchMs: time(options.samples, () => void selectionWeights(scores)),
        ...incrementalCosts(scores, instances),
      });
    }
  }
  return cases;
}
