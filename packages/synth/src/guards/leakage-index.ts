import type { Instance, Signature } from '@forge/program';
import { inputTokens, ngrams } from './text-tokens.js';

/** Why a candidate counts as leaked. */
export interface LeakageMatch {
  /** Id of the evaluation (validation or test) instance it overlaps. */
  readonly matchedId: string;
  /** Share of that instance's input n-grams found in the candidate's input. */
  readonly overlap: number;
  /** The n-gram size used. */
  readonly ngramSize: number;
}

/**
 * A decontamination check of candidates against the evaluation sets: a candidate leaks when, for
 * some holdout instance, at least `threshold` of that instance's input n-grams (word n-grams;
 * characters for unspaced scripts) also occur in the candidate's input. Measuring the share of the
 * *holdout* item that is reproduced also catches an evaluation item pasted into a longer context.
 * Items shorter than n are compared whole. Lexical overlap catches copies and light edits, not
 * thorough rewordings.
 */
export class LeakageIndex {
  private readonly sizes: number[] = [];
  private readonly ids: string[] = [];
  private readonly postings = new Map<string, number[]>();

  constructor(
    private readonly signature: Signature,
    private readonly ngramSize: number,
    private readonly threshold: number,
    holdout: readonly Pick<Instance, 'id' | 'input'>[],
  ) {
    for (const instance of holdout) {
      const grams = ngrams(inputTokens(instance.input, signature), ngramSize);
      if (grams.size === 0) continue;
      const index = this.ids.length;
      this.ids.push(instance.id);
      this.sizes.push(grams.size);
      for (const gram of grams) {
        const list = this.postings.get(gram);
        if (list === undefined) this.postings.set(gram, [index]);
        else list.push(index);
      }
    }
  }

  /** The holdout instance the candidate overlaps most, when the overlap reaches the threshold. */
  find(candidate: Pick<Instance, 'input'>): LeakageMatch | undefined {
    const tokens = inputTokens(candidate.input, this.signature);
    const grams = ngrams(tokens, this.ngramSize);
    // A short candidate also yields its whole text: compare it with the short holdout items.
    const shared = new Map<number, number>();
    for (const gram of grams) {
      for (const index of this.postings.get(gram) ?? []) {
        shared.set(index, (shared.get(index) ?? 0) + 1);
      }
    }
    let best: LeakageMatch | undefined;
    for (const [index, count] of shared) {
      const overlap = count / this.sizes[index]!;
      if (overlap >= this.threshold && (best === undefined || overlap > best.overlap)) {
        best = { matchedId: this.ids[index]!, overlap, ngramSize: this.ngramSize };
      }
    }
    if (best !== undefined) return best;
    // A holdout item shorter than n is one whole-text gram; it leaks when it appears inside a
    // longer candidate as a contiguous token run. Items under three tokens are too generic for
    // containment to mean anything: they only match a candidate equal to them.
    return this.findShortInside(tokens);
  }

  private findShortInside(tokens: readonly string[]): LeakageMatch | undefined {
    if (tokens.length < this.ngramSize) return undefined;
    for (let size = 3; size < this.ngramSize; size++) {
      for (let start = 0; start + size <= tokens.length; start++) {
        const gram = tokens.slice(start, start + size).join(' ');
        const hit = this.postings.get(gram)?.find((index) => this.sizes[index] === 1);
        if (hit !== undefined) {
          return { matchedId: this.ids[hit]!, overlap: 1, ngramSize: this.ngramSize };
        }
      }
    }
    return undefined;
  }
}
