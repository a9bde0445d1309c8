import type { Random } from '@forge/program';
import { selectParent } from './select-parent.js';

// Incremental front-frequency weights (SPEC §4), from facts that make an update cheap:
// - The pool only grows, so an instance's best score only rises: a candidate that leaves a front
//   never returns to it, and a dominated candidate stays dominated. Only *active* candidates
//   (on some front, undominated) have weight, and only they need tracking.
// - Whoever dominates a front member scores the best on each of its fronts, so sits on all of
//   them. Hence a candidate on no front dominates no one that matters; if anyone dominates a new
//   candidate, a maximal dominator does, and it is active and on the new candidate's rarest
//   front; and the new candidate can dominate an active one only if it is on all of that one's
//   fronts — so only the active candidates *witnessed* (filed under one of their fronts) by one
//   of the new candidate's fronts need a look.
// - Scores summed in the same order keep ≥ (rounding is monotone): a smaller sum never dominates,
//   and a larger one dominates as soon as it is ≥ everywhere (the vectors must differ).

/** Scores per candidate kept side by side for quick comparisons. */
const headLength = 8;

/**
 * The selection weights of a growing pool, updated from each new candidate's scores: a selection
 * reads them, and a new candidate costs comparisons with the few candidates it could dominate or
 * be dominated by. Weights are exactly those of SPEC §4 whatever order the rows arrive in;
 * `selectionWeights` computes the same for a whole matrix.
 */
export class SelectionIndex {
  /** Validation instances per candidate. */
  readonly instances: number;
  private count = 0;
  private capacity = 0;
  /** The rows added, kept by reference. */
  private readonly rows: ArrayLike<number>[] = [];
  private sums = new Float64Array(0);
  /** The first `headWidth` scores of every candidate, side by side. */
  private heads = new Float64Array(0);
  private readonly headWidth: number;
  /** Scratch: the new candidate's fronts. */
  private readonly frontBuffer: Int32Array;
  /** w_i: fronts of an active candidate, 0 for every other one. */
  private weightOf = new Int32Array(0);
  private readonly best: Float64Array;
  /** Per instance, the candidates that were active and on its front when they joined it. */
  private readonly fronts: number[][];
  /** Per instance, the active candidates whose witness it is. */
  private readonly witnessed: number[][];
  private totalWeight = 0;

  /** `capacity`: candidates to make room for at once (the pool still grows past it). */
  constructor(instances: number, options: { readonly capacity?: number } = {}) {
    if (!Number.isInteger(instances) || instances < 0) {
      throw new RangeError(
        `SelectionIndex: instances must be a non-negative integer, got ${instances}`,
      );
    }
    this.instances = instances;
    this.headWidth = Math.min(instances, headLength);
    this.frontBuffer = new Int32Array(instances);
    this.best = new Float64Array(instances).fill(Number.NEGATIVE_INFINITY);
    this.fronts = Array.from({ length: instances }, () => []);
    this.witnessed = Array.from({ length: instances }, () => []);
    if (options.capacity !== undefined && options.capacity > 0) this.grow(options.capacity);
  }

  /** Candidates added so far. */
  get candidates(): number {
    return this.count;
  }

  /** Σw: the sum of every candidate's weight. */
  get total(): number {
    return this.totalWeight;
  }

  /**
   * Adds the next candidate (index `candidates`) with its score on every instance. The index
   * keeps `row` itself, which must not change afterwards (the search state's rows never do).
   */
  add(row: ArrayLike<number>): void {
    const instances = this.instances;
    if (row.length !== instances) {
      throw new RangeError(
        `SelectionIndex: candidate ${this.count} has ${row.length} scores, expected ${instances}`,
      );
    }
    if (this.count === this.capacity) this.grow();
    const candidate = this.count++;
    const { best } = this;
    this.rows.push(row);
    const buffer = this.frontBuffer;
    const orphans: number[] = [];
    // Branch-free first pass: whether a score ties the best is as unpredictable as the scores,
    // and raising a best is rare once the pool has grown; the second pass handles raises.
    let sum = 0;
    let fronts = 0;
    let raises = 0;
    for (let instance = 0; instance < instances; instance++) {
      const score = row[instance] as number;
      const previous = best[instance] as number;
      sum += score;
      raises |= +(score > previous);
      buffer[fronts] = instance;
      fronts += +(score === previous);
    }
    if (raises !== 0) {
      fronts = 0;
      for (let instance = 0; instance < instances; instance++) {
        const score = row[instance] as number;
        if (score > (best[instance] as number)) {
          best[instance] = score;
          this.leaveFront(instance, orphans);
        }
        if (score === best[instance]) buffer[fronts++] = instance;
      }
    }
    const onFronts = buffer.subarray(0, fronts);
    this.sums[candidate] = sum;
    const head = candidate * this.headWidth;
    for (let instance = 0; instance < this.headWidth; instance++) {
      this.heads[head + instance] = row[instance] as number;
    }
    for (const orphan of orphans) this.fileUnderWitness(orphan);
    if (onFronts.length === 0 || this.isDominated(candidate, onFronts)) return;
    this.removeDominatedBy(candidate, onFronts);
    this.weightOf[candidate] = onFronts.length;
    this.totalWeight += onFronts.length;
    for (const instance of onFronts) this.fronts[instance]?.push(candidate);
    this.fileUnderWitness(candidate);
  }

  /** w_i of one candidate. */
  weight(candidate: number): number {
    if (!(candidate >= 0 && candidate < this.count)) {
      throw new RangeError(`SelectionIndex: no candidate ${candidate}`);
    }
    return this.weightOf[candidate] as number;
  }

  /** Every candidate's weight, in candidate order (a view: it changes as candidates join). */
  weights(): Int32Array {
    return this.weightOf.subarray(0, this.count);
  }

  /** Draws a parent with probability w_i / Σw (see `selectParent`). */
  select(random: Random): number {
    return selectParent(this.weights(), random);
  }

  /**
   * The instance's best rose: everyone on its old front loses it, and those it witnessed need
   * another witness (collected in `orphans`, filed once every raise is applied).
   */
  private leaveFront(instance: number, orphans: number[]): void {
    const members = this.fronts[instance] as number[];
    for (const member of members) {
      if ((this.weightOf[member] as number) === 0) continue;
      this.weightOf[member] = (this.weightOf[member] as number) - 1;
      this.totalWeight--;
    }
    members.length = 0;
    const witnessed = this.witnessed[instance] as number[];
    for (const member of witnessed) orphans.push(member);
    witnessed.length = 0;
  }

  /** Files an active candidate under one of its fronts (none when it is no longer active). */
  private fileUnderWitness(candidate: number): void {
    if ((this.weightOf[candidate] as number) === 0) return;
    const { best, instances } = this;
    const row = this.rows[candidate] as ArrayLike<number>;
    for (let instance = 0; instance < instances; instance++) {
      if (row[instance] === best[instance]) {
        this.witnessed[instance]?.push(candidate);
        return;
      }
    }
  }

  /** Whether an active candidate dominates the new one: only those on its rarest front can. */
  private isDominated(candidate: number, onFronts: Int32Array): boolean {
    let rarest = this.fronts[onFronts[0] as number] as number[];
    for (const instance of onFronts) {
      const members = this.fronts[instance] as number[];
      if (members.length < rarest.length) rarest = members;
    }
    let dominated = false;
    let kept = 0;
    for (const member of rarest) {
      if ((this.weightOf[member] as number) === 0) continue;
      rarest[kept++] = member;
      if (!dominated && this.compare(member, candidate) > 0) dominated = true;
    }
    if (kept < rarest.length) rarest.length = kept;
    return dominated;
  }

  /** Zeroes the active candidates the new one dominates: those witnessed by its fronts. */
  private removeDominatedBy(candidate: number, onFronts: Int32Array): void {
    const { weightOf, sums } = this;
    const sum = sums[candidate] as number;
    for (const instance of onFronts) {
      const witnessed = this.witnessed[instance] as number[];
      let kept = 0;
      for (const member of witnessed) {
        const weight = weightOf[member] as number;
        if (weight === 0) continue;
        if ((sums[member] as number) <= sum && this.compare(candidate, member) > 0) {
          weightOf[member] = 0;
          this.totalWeight -= weight;
          continue;
        }
        witnessed[kept++] = member;
      }
      if (kept < witnessed.length) witnessed.length = kept;
    }
  }

  /**
   * +1 when `left` dominates `right`, −1 when `right` dominates `left`, 0 otherwise (identical
   * vectors included).
   */
  private compare(left: number, right: number): number {
    const leftSum = this.sums[left] as number;
    const rightSum = this.sums[right] as number;
    if (leftSum > rightSum) return this.covers(left, right) ? 1 : 0;
    if (leftSum < rightSum) return this.covers(right, left) ? -1 : 0;
    const leftRow = this.rows[left] as ArrayLike<number>;
    const rightRow = this.rows[right] as ArrayLike<number>;
    let leftAhead = false;
    let rightAhead = false;
    for (let instance = 0; instance < this.instances; instance++) {
      const leftScore = leftRow[instance] as number;
      const rightScore = rightRow[instance] as number;
      if (leftScore > rightScore) leftAhead = true;
      else if (leftScore < rightScore) rightAhead = true;
      if (leftAhead && rightAhead) return 0;
    }
    return leftAhead ? 1 : rightAhead ? -1 : 0;
  }

  /** True when `upper` scores at least as well as `lower` on every instance. */
  private covers(upper: number, lower: number): boolean {
    // Most pairs are settled by their first few scores: those sit side by side for every
    // candidate and are compared without branches, so a comparison rarely touches a row.
    const { heads, headWidth } = this;
    const upperHead = upper * headWidth;
    const lowerHead = lower * headWidth;
    let below = 0;
    for (let instance = 0; instance < headWidth; instance++) {
      below |= +((heads[upperHead + instance] as number) < (heads[lowerHead + instance] as number));
    }
    if (below !== 0) return false;
    const upperRow = this.rows[upper] as ArrayLike<number>;
    const lowerRow = this.rows[lower] as ArrayLike<number>;
    for (let instance = headWidth; instance < this.instances; instance++) {
      if ((upperRow[instance] as number) < (lowerRow[instance] as number)) return false;
    }
    return true;
  }

  private grow(atLeast = 0): void {
    const capacity = Math.max(16, this.capacity * 2, atLeast);
    const sums = new Float64Array(capacity);
    sums.set(this.sums);
    const heads = new Float64Array(capacity * this.headWidth);
    heads.set(this.heads);
    this.heads = heads;
    const weightOf = new Int32Array(capacity);
    weightOf.set(this.weightOf);
    this.sums = sums;
    this.weightOf = weightOf;
    this.capacity = capacity;
  }
}
