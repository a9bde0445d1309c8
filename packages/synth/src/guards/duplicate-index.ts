import type { Instance, Signature } from '@forge/program';
import { goldKey, inputTokens } from './text-tokens.js';

/** Why a candidate counts as a duplicate. */
export interface DuplicateMatch {
  /** `exact`: same normalized input; `near`: similar input and the same gold. */
  readonly kind: 'exact' | 'near';
  /** Id of the instance it duplicates. */
  readonly matchedId: string;
  /** Jaccard similarity of the two inputs' shingles (1 for exact). */
  readonly similarity: number;
  /** For an exact duplicate: true when the gold differs (conflicting supervision). */
  readonly conflictingGold?: boolean;
}

interface Entry {
  readonly id: string;
  /** Shingle ids, sorted ascending, without repeats. */
  readonly shingles: readonly number[];
  readonly gold: string;
}

// Token ids stay below 2^26, so a bigram id (first + 1) · 2^26 + second stays below 2^53: every
// shingle is an exact small number, and sets of them compare by a sorted merge.
const tokenIdLimit = 2 ** 26;

/**
 * A cheap duplicate filter over instances, run before paying for the verifier:
 * - exact: the normalized input token sequence (case, punctuation and spacing ignored) equals an
 *   indexed one — whatever the gold, since the same input with another gold contradicts it;
 * - near: the Jaccard similarity of the inputs' shingles (unigrams and bigrams) is at least
 *   `nearThreshold` and the gold is the same after normalization. Requiring the same gold keeps
 *   negative and boundary mutations, which change one condition and therefore the answer.
 * An inverted index with prefix filtering keeps a look-up proportional to the postings of the
 * candidate's rarest shingles.
 */
export class DuplicateIndex {
  private readonly exact = new Map<string, { id: string; gold: string }>();
  private readonly entries: Entry[] = [];
  // Most shingles occur in one instance only: a lone index is stored as a number, not an array.
  private readonly postings = new Map<number, number | number[]>();
  private readonly tokenIds = new Map<string, number>();

  constructor(
    private readonly signature: Signature,
    private readonly nearThreshold: number,
  ) {}

  /** Adds an instance (ignored when its normalized input is already indexed). */
  add(instance: Pick<Instance, 'id' | 'input' | 'gold'>): void {
    const tokens = inputTokens(instance.input, this.signature);
    const key = tokens.join(' ');
    if (this.exact.has(key)) return;
    const gold = goldKey(instance.gold, this.signature);
    this.exact.set(key, { id: instance.id, gold });
    const shingles = this.shinglesOf(tokens);
    const index = this.entries.length;
    this.entries.push({ id: instance.id, shingles, gold });
    for (const shingle of shingles) {
      const list = this.postings.get(shingle);
      if (list === undefined) this.postings.set(shingle, index);
      else if (typeof list === 'number') this.postings.set(shingle, [list, index]);
      else list.push(index);
    }
  }

  /** The first indexed instance the candidate duplicates, or `undefined`. */
  find(candidate: Pick<Instance, 'input' | 'gold'>): DuplicateMatch | undefined {
    const tokens = inputTokens(candidate.input, this.signature);
    const gold = goldKey(candidate.gold, this.signature);
    const exact = this.exact.get(tokens.join(' '));
    if (exact !== undefined) {
      return {
        kind: 'exact',
        matchedId: exact.id,
        similarity: 1,
        ...(exact.gold === gold ? {} : { conflictingGold: true }),
      };
    }
    if (this.nearThreshold > 1 || tokens.length === 0) return undefined;
    const shingles = this.shinglesOf(tokens);
    let best: DuplicateMatch | undefined;
    // Entries are visited in index order and ties keep the first: the earliest indexed wins.
    for (const index of this.prefixCandidates(shingles)) {
      const entry = this.entries[index]!;
      if (entry.gold !== gold) continue;
      const shared = countShared(shingles, entry.shingles);
      const similarity = shared / (shingles.length + entry.shingles.length - shared);
      if (
        similarity >= this.nearThreshold &&
        (best === undefined || similarity > best.similarity)
      ) {
        best = { kind: 'near', matchedId: entry.id, similarity };
      }
    }
    return best;
  }

  /**
   * Prefix filter: Jaccard(A, B) ≥ t implies |A ∩ B| ≥ t·|A|, so B must share at least one of
   * any |A| − ⌈t·|A|⌉ + 1 shingles of A. Taking A's rarest shingles keeps the postings scanned
   * short even when every instance shares a long template.
   */
  private prefixCandidates(shingles: readonly number[]): number[] {
    const rarity = (shingle: number) => {
      const list = this.postings.get(shingle);
      return list === undefined ? 0 : typeof list === 'number' ? 1 : list.length;
    };
    const byRarity = shingles.slice().sort((left, right) => rarity(left) - rarity(right));
    const prefix = shingles.length - Math.ceil(this.nearThreshold * shingles.length) + 1;
    const found = new Set<number>();
    for (const shingle of byRarity.slice(0, Math.max(1, prefix))) {
      const list = this.postings.get(shingle);
      if (typeof list === 'number') found.add(list);
      else for (const index of list ?? []) found.add(index);
    }
    return [...found].sort((left, right) => left - right);
  }

  /** Unigram and bigram ids of a token list, sorted, without repeats. */
  private shinglesOf(tokens: readonly string[]): number[] {
    const ids = tokens.map((token) => {
      let id = this.tokenIds.get(token);
      if (id === undefined) {
        // Past 2^26 distinct tokens ids wrap: a collision can only raise a similarity slightly.
        id = this.tokenIds.size % tokenIdLimit;
        this.tokenIds.set(token, id);
      }
      return id;
    });
    const shingles = new Set<number>(ids);
    for (let index = 0; index + 1 < ids.length; index++) {
      shingles.add((ids[index]! + 1) * tokenIdLimit + ids[index + 1]!);
    }
    return [...shingles].sort((left, right) => left - right);
  }
}

/** Size of the intersection of two ascending lists without repeats. */
function countShared(left: readonly number[], right: readonly number[]): number {
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const a = left[i]!;
    const b = right[j]!;
    if (a === b) {
      shared++;
      i++;
      j++;
    } else if (a < b) i++;
    else j++;
  }
  return shared;
}
