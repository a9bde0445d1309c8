import {
  type AppliedOperation,
  applyCuratorOperations,
  type RejectedOperation,
} from './apply-curator-operations.js';
import { applyReferenceAdds } from './apply-reference-adds.js';
import type { ParsedOperation } from './curator-operation.js';
import { type DuplicateMerge, deduplicateBullets } from './deduplicate-bullets.js';
import { enforceTokenBudget } from './enforce-token-budget.js';
import type { Playbook } from './playbook.js';
import { playbookTokens } from './render-playbook.js';

/** How a delta is refined after it is applied. */
export interface RefineOptions {
  /** The modules bullets may be scoped to. */
  readonly modules: readonly string[];
  /** De-duplication: after every delta, only when over budget, or never. */
  readonly dedup: 'proactive' | 'lazy' | 'off';
  /** Similarity from which two bullets are duplicates. */
  readonly dedupThreshold: number;
  /** The playbook's token cap. */
  readonly tokenBudget: number;
  /** Evict bullets to keep within `tokenBudget` (default true; false: the cap is only advice). */
  readonly enforceTokenBudget?: boolean;
  /**
   * How the delta is applied: Forge's four operations (`forge`, the default) or the reference's
   * ADD alone with its section, id and content rules (`reference`; `applyReferenceAdds`).
   */
  readonly rules?: 'forge' | 'reference';
}

/** Everything one curation did to the playbook. */
export interface CurationEffect {
  /** The playbook after the delta and its refinement. */
  readonly playbook: Playbook;
  /** Operations applied (before refinement). */
  readonly applied: readonly AppliedOperation[];
  /** Operations rejected, with reasons. */
  readonly rejected: readonly RejectedOperation[];
  /** Duplicates folded together. */
  readonly merges: readonly DuplicateMerge[];
  /** Older bullets evicted for the token budget. */
  readonly evicted: readonly string[];
  /** The delta's additions dropped for the token budget. */
  readonly dropped: readonly string[];
  /** True when the delta could not be made to fit and was undone. */
  readonly reverted: boolean;
  /** True when the bullets (not just counters) differ from before. */
  readonly changed: boolean;
}

/**
 * ACE's grow-and-refine: apply the curator's delta, then de-duplicate (after every delta, or
 * lazily only once the token budget is exceeded), then enforce the token budget. A delta that
 * cannot be made to fit is undone as a whole, so the playbook never exceeds its budget.
 */
export function curatePlaybook(
  playbook: Playbook,
  operations: readonly ParsedOperation[],
  options: RefineOptions,
): CurationEffect {
  const delta =
    options.rules === 'reference'
      ? applyReferenceAdds(playbook, operations, options.modules)
      : applyCuratorOperations(playbook, operations, options.modules);
  let current = delta.playbook;
  let merges: readonly DuplicateMerge[] = [];
  const overBudget = () => playbookTokens(current) > options.tokenBudget;
  if (options.dedup === 'proactive' || (options.dedup === 'lazy' && overBudget())) {
    const deduplicated = deduplicateBullets(current, options.dedupThreshold);
    current = deduplicated.playbook;
    merges = deduplicated.merges;
  }
  if (options.enforceTokenBudget === false) {
    return {
      playbook: current,
      applied: delta.applied,
      rejected: delta.rejected,
      merges,
      evicted: [],
      dropped: [],
      reverted: false,
      changed: !sameBullets(playbook, current),
    };
  }
  const present = new Set(current.bullets.map((bullet) => bullet.id));
  const enforced = enforceTokenBudget(current, {
    tokenBudget: options.tokenBudget,
    protectedIds: delta.touched.filter((id) => present.has(id)),
    addedIds: delta.added.filter((id) => present.has(id)),
  });
  if (!enforced.withinBudget) {
    return {
      playbook,
      applied: delta.applied,
      rejected: delta.rejected,
      merges: [],
      evicted: [],
      dropped: [],
      reverted: true,
      changed: false,
    };
  }
  current = enforced.playbook;
  return {
    playbook: current,
    applied: delta.applied,
    rejected: delta.rejected,
    merges,
    evicted: enforced.evicted,
    dropped: enforced.dropped,
    reverted: false,
    changed: !sameBullets(playbook, current),
  };
}

function sameBullets(left: Playbook, right: Playbook): boolean {
  if (left.bullets.length !== right.bullets.length) return false;
  return left.bullets.every((bullet, index) => {
    const other = right.bullets[index];
    return (
      other !== undefined &&
      other.id === bullet.id &&
      other.content === bullet.content &&
      other.section === bullet.section &&
      other.module === bullet.module
    );
  });
}
